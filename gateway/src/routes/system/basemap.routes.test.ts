import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
const basemap = async () => (await gw.json('/api/wdiov-system/map/basemap', { token })).body;
const setParam = async (paramKey: string, paramValue: string) => {
  const rows = (await gw.json(`/api/wdiov-system/param/list?paramKey=${encodeURIComponent(paramKey)}`, { token })).body.data.records as { id: string }[];
  const body = rows[0] ? { id: rows[0].id, paramName: paramKey, paramKey, paramValue } : { paramName: paramKey, paramKey, paramValue };
  expect((await gw.json('/api/wdiov-system/param/submit', postJson(body, token))).body.code).toBe(200);
};

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

describe('the maps\' basemap', () => {
  it('is the bundled outline until an administrator sets a default', async () => {
    expect(await basemap()).toMatchObject({ code: 200, success: true, data: { preset: 'offline', tiandituKey: '', tileOrigin: '' } });
  });

  it('follows the platform parameters for the preset, the Tianditu key and the tile origin', async () => {
    await setParam('map.basemap', 'amap-road');
    await setParam('map.tiandituKey', ' 0123abcd ');
    await setParam('map.tileOrigin', 'http://127.0.0.1:9911/ignored/path?x=1');
    expect((await basemap()).data).toEqual({ preset: 'amap-road', tiandituKey: '0123abcd', tileOrigin: 'http://127.0.0.1:9911' });
  });

  it('lets the console fetch tiles from the presets\' hosts and the tile origin, by its Content-Security-Policy', async () => {
    const csp = async () => (await gw.request('/api/health')).headers.get('content-security-policy') ?? '';
    const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    await setParam('map.tileOrigin', 'http://127.0.0.1:9922');
    await vi.waitFor(async () => expect(directive(await csp(), 'connect-src')).toContain('http://127.0.0.1:9922'));
    for (const name of ['connect-src', 'img-src']) {
      const d = directive(await csp(), name);
      expect(d).toContain('https://*.is.autonavi.com');
      expect(d).toContain('https://*.tianditu.gov.cn');
      expect(d).toContain('https://tile.openstreetmap.org');
      expect(d).toContain('http://127.0.0.1:9922');
    }
    expect(directive(await csp(), 'script-src')).toBe("script-src 'self'");
  });

  it('ignores a stored preset it does not know and an origin that is not http(s)', async () => {
    await setParam('map.basemap', 'baidu');
    await setParam('map.tileOrigin', 'file:///etc/passwd');
    expect((await basemap()).data).toMatchObject({ preset: 'offline', tileOrigin: '' });
    await setParam('map.tileOrigin', 'javascript:alert(1)');
    expect((await basemap()).data.tileOrigin).toBe('');
  });

  it('needs a signed-in caller', async () => {
    expect((await gw.json('/api/wdiov-system/map/basemap')).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, { get?: unknown }> };
    expect(doc.paths['/api/wdiov-system/map/basemap']?.get).toBeDefined();
  });
});
