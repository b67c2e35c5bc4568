import { createContext, useContext, type ReactNode } from 'react';
import type { Observable } from 'rxjs';
import type { ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useAppActors } from '../app/AppActorsProvider';
import type { AppActors } from '../app/app-actors';
import { AlarmInbox } from './alarm-inbox';
import { positionChannel } from '../live-store/position-channel';
import { socketUrl } from '../live/socket-frame';
import { getToken } from '../util/auth-cookies';

/** What the monitoring screens need from the app; tests give fakes through the provider. */
export interface MonitoringServices {
  http: HttpClient;
  notifier: Notifier;
  /** The shell's socket stream (alarm cards, cmd 1200). */
  messages$: Observable<ServerSocketMessage>;
  /** Live positions: subscribing sends cmd 1301, unsubscribing cmd 1302. */
  positions$: Observable<ServerSocketMessage>;
  /** Recent alarm cards, collected from the first monitoring screen on. */
  inbox: AlarmInbox;
}

const Context = createContext<MonitoringServices | null>(null);
const byActors = new WeakMap<AppActors, MonitoringServices>();

/** One set per app, shared by every monitoring page; the HTTP client is the app's own. */
export function monitoringServicesOf(actors: AppActors): MonitoringServices {
  let services = byActors.get(actors);
  if (!services) {
    const http = actors.http;
    const positions$ = positionChannel(() => new WebSocket(socketUrl(getToken())));
    const inbox = new AlarmInbox(actors.socketMessage$);
    services = { http, notifier: actors.notifier, messages$: actors.socketMessage$, positions$, inbox };
    byActors.set(actors, services);
  }
  return services;
}

export function MonitoringServicesProvider({ services, children }: { services: MonitoringServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function useMonitoringServices(): MonitoringServices {
  const given = useContext(Context);
  // The provider is there or not for the whole life of a tree, so the hook order is stable.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return given ?? monitoringServicesOf(useAppActors());
}
