import { createContext, useContext, type ReactNode } from 'react';
import type { Observable } from 'rxjs';
import type { ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { useAppActors } from '../app/AppActorsProvider';
import type { AppActors } from '../app/app-actors';
import { AlarmInbox } from './alarm-inbox';
import type { PositionUpdate } from '../live-store/coalesce';
import { positionChannel } from '../live-store/position-channel';
import { positionSocketUrl } from '../live/socket-frame';
import { accessToken } from '../session/access-token';
import { fetchNatsCredentials } from '../live/nats-credentials';
import { defaultPositionTransport } from '../live-store/position-transport';
import { natsPositionTransport } from '../live/nats-position-transport';

/** What the monitoring screens need from the app; tests give fakes through the provider. */
export interface MonitoringServices {
  http: HttpClient;
  notifier: Notifier;
  /** The shell's socket stream (alarm cards, cmd 1200). */
  messages$: Observable<ServerSocketMessage>;
  /** Live positions (packed by the position worker): subscribing sends cmd 1301, unsubscribing cmd 1302. */
  positions$: Observable<PositionUpdate>;
  /** Recent alarm cards, collected from the first monitoring screen on. */
  inbox: AlarmInbox;
  /** The zone of the gateway's 'yyyy-MM-dd HH:mm:ss' times, minutes east of UTC (see time-slot.ts). */
  utcOffsetMin: number;
}

const Context = createContext<MonitoringServices | null>(null);
const byActors = new WeakMap<AppActors, MonitoringServices>();

/** One set per app, shared by every monitoring page; the HTTP client is the app's own. */
export function monitoringServicesOf(actors: AppActors): MonitoringServices {
  let services = byActors.get(actors);
  if (!services) {
    const http = actors.http;
    // A URL, not a socket: the position worker opens the socket (live-store/position-transport.ts).
    // Straight from NATS over websockets where the gateway offers it; its position socket otherwise.
    const transport = () => natsPositionTransport({
      credentials: (publicKey) => fetchNatsCredentials(http, publicKey),
      fallback: defaultPositionTransport,
    });
    const positions$ = positionChannel(() => positionSocketUrl(accessToken.get()), { transport });
    const inbox = new AlarmInbox(actors.socketMessage$);
    // The cards stacked before any monitoring screen opened ('+N more' leads here): oldest first.
    for (const { card } of [...actors.socket.getSnapshot().context.cards].reverse()) inbox.add(card);
    services = { http, notifier: actors.notifier, messages$: actors.socketMessage$, positions$, inbox, utcOffsetMin: actors.config.utcOffsetMin };
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
