import { describe, expect, it } from 'vitest';
import { missedCardsRoute } from '@wdiov/contracts/api/missed-cards.route';
import { vehicleTransferRoute } from '@wdiov/contracts/api/vehicle-transfer.route';
import { basemapRoute } from '@wdiov/contracts/api/basemap.route';
import { ok } from '../crud/crud-fixture';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { callRoute } from './call-route';
import { createHttpClient } from './http';

const clientOf = (routes: Parameters<typeof createFakeFetch>[0]) => {
  const fake = createFakeFetch(routes);
  return { fake, http: createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier }) };
};

describe('callRoute', () => {
  it('asks at the declared address with the query, and answers the checked data', async () => {
    const { fake, http } = clientOf({ '/wdiov-base/vehicleAlarmData/openedSince': ok([]) });
    expect(await callRoute(http, missedCardsRoute, { query: { since: 1700000000000 } })).toEqual([]);
    const url = new URL(fake.requests[0]!.url, 'http://x');
    expect(url.pathname).toMatch(/\/wdiov-base\/vehicleAlarmData\/openedSince$/);
    expect(url.searchParams.get('since')).toBe('1700000000000');
    expect(fake.requests[0]!.method).toBe('GET');
  });

  it('posts the body as JSON', async () => {
    const { fake, http } = clientOf({ '/wdiov-base/vehicle/transfer': ok({ id: '5', tenantId: '100001' }) });
    const moved = await callRoute(http, vehicleTransferRoute, { body: { id: '5', tenantId: '100001', orgId: '7', vehicleModelId: '8' } });
    expect(moved).toEqual({ id: '5', tenantId: '100001' });
    expect(fake.requests[0]!.method).toBe('POST');
    expect(JSON.parse(String(fake.requests[0]!.body))).toMatchObject({ id: '5', tenantId: '100001' });
  });

  it('refuses an answer whose data is not what the route declares', async () => {
    const { http } = clientOf({ '/wdiov-system/map/basemap': ok({ preset: 'no-such-preset', tiandituKey: '', tileOrigin: '' }) });
    await expect(callRoute(http, basemapRoute, {})).rejects.toThrow();
  });
});
