// "Only from this machine" behind a reverse proxy on the same host: every client then arrives
// from loopback. With TRUST_PROXY naming that proxy, /metrics and the demo-fleet registration
// take a token instead, and the api log records the client the proxy forwarded. Without it, a
// client's own X-Forwarded-For is no address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { until } from '../../gateway/src/routes/base/test-support.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

const ALL = { filters: [], ascs: [], descs: [] };
const register = { seed: 7, from: 0, to: 1 };
let direct: SecurityServer;
let proxied: SecurityServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startSecurityServer(), startSecurityServer({ TRUST_PROXY: '127.0.0.1,::1' })]);
}, 60_000);
afterAll(async () => {
  await direct?.stop();
  await proxied?.stop();
});

/** The api log row of a call, by a marker in its query. */
async function loggedAddress(s: SecurityServer, marker: string): Promise<string> {
  const row = await until(async () => {
    const rows = await s.gw.repos.get('logApi').all(systemPrincipal('000000'), ALL);
    return rows.find((r) => String(r.params ?? '').includes(marker));
  });
  return String(row.remoteIp);
}
const logout = (s: SecurityServer, marker: string, forwardedFor: string) =>
  s.call('POST', `/api/wdiov-auth/oauth/logout?marker=${marker}`, { headers: { 'X-Forwarded-For': forwardedFor } });

describe('without a trusted proxy', () => {
  it('serves /metrics and the demo registration to this machine, and logs the peer, not a forwarded address', async () => {
    expect((await direct.call('GET', '/metrics')).status).toBe(200);
    expect((await direct.call('POST', '/api/wdiov-base/demoFleet/register', { body: register })).body.code).toBe(200);
    await logout(direct, 'direct-spoof', '203.0.113.9');
    expect(await loggedAddress(direct, 'direct-spoof')).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });
});

describe('behind a trusted proxy on this machine', () => {
  it('refuses /metrics without METRICS_TOKEN, saying so', async () => {
    const res = await proxied.call('GET', '/metrics');
    expect(res.status).toBe(401);
    expect(String(res.body)).toContain('METRICS_TOKEN');
  });

  it('takes the demo registration only with an administrator token', async () => {
    const anonymous = await proxied.call('POST', '/api/wdiov-base/demoFleet/register', { body: register });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, success: false });
    const clerk = await proxied.userWithMenus('proxy-clerk', ['live_map']);
    expect((await proxied.call('POST', '/api/wdiov-base/demoFleet/register', { token: clerk.token, body: register })).status).toBe(403);
    const admin = await proxied.call('POST', '/api/wdiov-base/demoFleet/register', { token: proxied.admin, body: register });
    expect(admin.body.code).toBe(200);
  });

  it('logs the client the proxy forwarded, not what the client claimed before it', async () => {
    await logout(proxied, 'proxied-one', '203.0.113.7');
    expect(await loggedAddress(proxied, 'proxied-one')).toBe('203.0.113.7');
    await logout(proxied, 'proxied-chain', '198.51.100.1, 203.0.113.8');
    expect(await loggedAddress(proxied, 'proxied-chain')).toBe('203.0.113.8');
  });
});
