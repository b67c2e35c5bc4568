import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createHttpClient } from '../api/http';
import type { AppConfig } from '../api/wire';
import { createAppActors } from '../app/app-actors';
import { DEFAULT_CONFIG } from '../app/app-config';
import { AppActorsProvider } from '../app/AppActorsProvider';
import { PrimeConfig } from '../app/PrimeConfig';
import { RouteGuard } from '../app/RouteGuard';
import { accessToken } from '../session/access-token';
import { createFakeFetch, createFakeNotifier } from './fake-fetch';
import { createQueryClient } from '../shared/query-client';

const started: Array<{ stop(): void }> = [];
afterEach(() => started.splice(0).forEach((actors) => actors.stop()));

/** Real actors and HTTP client over a fake fetch: what a page test needs, no server. */
export function createTestApp(routes: Parameters<typeof createFakeFetch>[0], config: Partial<AppConfig> = {}) {
  const fake = createFakeFetch(routes);
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier, getToken: accessToken.get });
  const actors = createAppActors({ http, notifier: notes.notifier, config: { ...DEFAULT_CONFIG, ...config } });
  actors.start();
  started.push(actors);
  return { actors, requests: fake.requests, messages: notes.messages };
}

/** Renders pages behind the real route guard at `path`, each render with a query cache of its own. */
export function AppUnderTest(props: { actors: ReturnType<typeof createTestApp>['actors']; path: string; routes: ReactNode }) {
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
      <PrimeConfig>
        <AppActorsProvider actors={props.actors}>
          <MemoryRouter initialEntries={[props.path]}>
            <Routes>
              <Route element={<RouteGuard />}>{props.routes}</Route>
            </Routes>
          </MemoryRouter>
        </AppActorsProvider>
      </PrimeConfig>
    </QueryClientProvider>
  );
}
