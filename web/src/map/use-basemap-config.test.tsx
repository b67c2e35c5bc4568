import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHttpClient } from '../api/http';
import { AppActorsProvider } from '../app/AppActorsProvider';
import type { AppActors } from '../app/app-actors';
import { createQueryClient } from '../shared/query-client';
import { accessToken } from '../session/access-token';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { basemapChoice, servedBasemapConfig, setServedBasemap } from './map-settings';
import { useBasemapConfig } from './use-basemap-config';

function harness(body: unknown) {
  const fake = createFakeFetch({ '/wdiov-system/map/basemap': { body } });
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, getToken: accessToken.get });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AppActorsProvider actors={{ http } as unknown as AppActors}>{children}</AppActorsProvider>
    </QueryClientProvider>
  );
  return { wrapper, requests: fake.requests };
}

afterEach(() => {
  accessToken.clear();
  setServedBasemap({ preset: 'offline', tiandituKey: '', tileOrigin: '' });
});

describe("the administrator's basemap", () => {
  it('is read once signed in and becomes the default preset, with what its tiles need', async () => {
    accessToken.set('a-token');
    const { wrapper, requests } = harness({ code: 200, success: true, msg: '', data: { preset: 'amap-satellite', tiandituKey: 'k', tileOrigin: 'http://127.0.0.1:9' } });
    const { result } = renderHook(() => useBasemapConfig(), { wrapper });
    expect(result.current.settled).toBe(false);
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(requests.map((r) => new URL(r.url, 'http://x').pathname)).toEqual(['/api/wdiov-system/map/basemap']);
    expect(servedBasemapConfig()).toEqual({ preset: 'amap-satellite', tiandituKey: 'k', tileOrigin: 'http://127.0.0.1:9' });
    expect(basemapChoice()).toMatchObject({ preset: 'amap-satellite', datum: 'gcj02' });
  });

  it('is not asked for without a session (a shared large screen), and the map opens at once', () => {
    const { wrapper, requests } = harness({ code: 401, success: false, msg: '', data: {} });
    const { result } = renderHook(() => useBasemapConfig(), { wrapper });
    expect(result.current.settled).toBe(true);
    expect(requests).toEqual([]);
  });

  it('an answer it does not know leaves the bundled outline', async () => {
    accessToken.set('a-token');
    const { wrapper } = harness({ code: 200, success: true, msg: '', data: { preset: 'baidu', tiandituKey: 3 } });
    const { result } = renderHook(() => useBasemapConfig(), { wrapper });
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(servedBasemapConfig()).toEqual({ preset: 'offline', tiandituKey: '', tileOrigin: '' });
  });
});
