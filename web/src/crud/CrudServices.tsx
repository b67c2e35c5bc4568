import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';

/** What the CRUD screens need from the app: the HTTP client (error catalogue included) and toasts. */
export interface CrudServices {
  http: HttpClient;
  notifier: Notifier;
}

const CrudServicesContext = createContext<CrudServices | null>(null);

export function CrudServicesProvider({ services, children }: { services: CrudServices; children: ReactNode }) {
  return <CrudServicesContext.Provider value={services}>{children}</CrudServicesContext.Provider>;
}

export function useCrudServices(): CrudServices {
  const services = useContext(CrudServicesContext);
  if (!services) throw new Error('useCrudServices needs <CrudServicesProvider>');
  return services;
}
