import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../shared/query-client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Subject } from 'rxjs';
import type { ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { AlarmInbox } from './alarm-inbox';
import { MonitoringServicesProvider, type MonitoringServices } from './monitoring-services';

export const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
export const page = (records: unknown[], total = records.length) => ok({ records, total, size: 10, current: 1, pages: 1 });

/** Monitoring services over a fake fetch and hand-driven socket streams (test only). */
export function createMonitoringFixture(routes: Parameters<typeof createFakeFetch>[0], { utcOffsetMin = 480 } = {}) {
  const fake = createFakeFetch(routes);
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier });
  const messages$ = new Subject<ServerSocketMessage>();
  const positions$ = new Subject<ServerSocketMessage>();
  const services: MonitoringServices = { http, notifier: notes.notifier, messages$, positions$, inbox: new AlarmInbox(messages$), utcOffsetMin };
  const urls = () => fake.requests.map((r) => decodeURIComponent(r.url));
  return { services, requests: fake.requests, urls, messages: notes.messages, messages$, positions$ };
}

export function renderAt(services: MonitoringServices, path: string, route: string, element: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MonitoringServicesProvider services={services}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
          </Routes>
        </MemoryRouter>
      </MonitoringServicesProvider>
    </QueryClientProvider>
  );
}
