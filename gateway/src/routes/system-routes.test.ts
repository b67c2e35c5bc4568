import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { testEnv } from '../env.ts';
import { systemRoutes } from './system-routes.ts';

/** GET /config of the router built from these settings. */
async function config(env: Record<string, string> = {}) {
  const router = systemRoutes(testEnv(env), { database: { kind: 'pglite' } as unknown as Database, startedAt: Date.now() });
  const res = await router.request('/config');
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

describe('GET /api/config', () => {
  it('leaves the title to the console (its own, in the user language) while PRODUCT_TITLE is the default', async () => {
    expect(await config()).toEqual({
      captchaMode: false,
      tenantMode: false,
      switchMode: false,
      defaultTenantId: '000000',
      tokenTime: 3000,
      productTitle: '',
      productTitleEn: '',
      utcOffsetMin: 480,
      mapStyleUrl: '',
      mapStyleDatum: 'wgs84',
    });
  });

  it('answers the titles an operator set, in both languages', async () => {
    expect(await config({ PRODUCT_TITLE: '某某车队平台', PRODUCT_TITLE_EN: ' Acme Fleet ' })).toMatchObject({
      productTitle: '某某车队平台',
      productTitleEn: 'Acme Fleet',
    });
    expect(await config({ PRODUCT_TITLE: '某某车队平台', PRODUCT_TITLE_EN: '' })).toMatchObject({ productTitleEn: '' });
  });

  it("answers the zone of the gateway's 'yyyy-MM-dd HH:mm:ss' times", async () => {
    expect(await config({ UTC_OFFSET_MIN: '-300' })).toMatchObject({ utcOffsetMin: -300 });
  });

  it('answers the basemap style and its datum; refuses a style address that is not http(s)', async () => {
    expect(await config({ MAP_STYLE_URL: 'https://tiles.example.cn/style.json', MAP_STYLE_DATUM: 'gcj02' }))
      .toMatchObject({ mapStyleUrl: 'https://tiles.example.cn/style.json', mapStyleDatum: 'gcj02' });
    expect(() => testEnv({ MAP_STYLE_URL: 'file:///etc/passwd' })).toThrow(/MAP_STYLE_URL/);
    expect(() => testEnv({ MAP_STYLE_DATUM: 'bd09' })).toThrow(/MAP_STYLE_DATUM/);
  });
});
