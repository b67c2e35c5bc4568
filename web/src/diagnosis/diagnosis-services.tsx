import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useAppActors } from '../app/AppActorsProvider';
import { buttonSet } from '../crud/buttons';
import { findMenuByRoute } from '../menu/menu-tree';

/** What the user may do here, from the button grants of the menu tree (spec §6). */
export interface DiagnosisGrants {
  /** remote_diagnose_instruct: query, set and control a terminal. */
  instruct: boolean;
  /** remote_diagnose_issue: remote diagnosis. */
  diagnose: boolean;
  /** Removing records: instructRecord's own delete button (the API the gateway guards with it). */
  remove: boolean;
}

export interface DiagnosisServices {
  http: HttpClient;
  notifier: Notifier;
  grants: DiagnosisGrants;
}

/** The seeded menu codes, used when the screen is opened outside the user's menu tree. */
export const MENU_CODE = 'remote_diagnose';
const RECORD_MENU_CODE = 'instruct_record';

export function grantsOf(permission: Record<string, true | undefined>, menuCode: string = MENU_CODE): DiagnosisGrants {
  const screen = buttonSet(permission, menuCode);
  const records = buttonSet(permission, RECORD_MENU_CODE);
  return { instruct: screen.has('instruct'), diagnose: screen.has('issue'), remove: records.delete || screen.delete };
}

export const ALL_GRANTS: DiagnosisGrants = { instruct: true, diagnose: true, remove: true };

const Context = createContext<DiagnosisServices | null>(null);

export function DiagnosisServicesProvider({ services, children }: { services: DiagnosisServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function useDiagnosisServices(): DiagnosisServices {
  const services = useContext(Context);
  if (!services) throw new Error('useDiagnosisServices needs <DiagnosisServicesProvider>');
  return services;
}

/** The app's client, toasts and the signed-in user's grants (as CrudScreen reads them). */
export function useAppDiagnosisServices(): DiagnosisServices {
  const actors = useAppActors();
  const { pathname } = useLocation();
  const menu = useSelector(actors.session, (s) => s.context.menu);
  const permission = useSelector(actors.session, (s) => s.context.permission);
  const code = findMenuByRoute(menu ?? [], pathname)?.code || MENU_CODE;
  return useMemo(
    () => ({ http: actors.http, notifier: actors.notifier, grants: grantsOf(permission ?? {}, code) }),
    [actors, permission, code],
  );
}
