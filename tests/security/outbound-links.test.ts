import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../gateway/src/bus/nats-child.ts';
import { startForwarding, type Forwarding } from '../../gateway/src/forward/forward-service.ts';
import { LinkState } from '../../gateway/src/forward/link-state.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * A tenant administrator's forwarding platform may not make the gateway dial its own machine or
 * network (a port scanner, an SSRF): only what OUTBOUND_ALLOW or the platform tenant's
 * `outbound.allow` parameter lists is reached, and the link's error never tells an open port
 * from a closed one or from a refusal.
 */
let server: SecurityServer;
let forwarding: Forwarding;
let tenantAdmin: string;
/** A port something listens on (it speaks no GB/T 32960, like Postgres or NATS), and its connections. */
let open: Server;
let openPort: number;
const accepted: string[] = [];
let closedPort: number;

const PLATFORM = { platformType: 2, protocol: 1, platformCode: 'PROBE000000000001', username: 'probe', password: 'probe', encryption: 1 };
const platformsPath = '/api/wdiov-base/forwardPlatform';

async function platformRow(token: string, name: string) {
  const { body } = await server.call('GET', `${platformsPath}/page?platformName=${encodeURIComponent(name)}&size=10`, { token });
  return body.data.records.find((r: { platformName: string }) => r.platformName === name);
}

async function linkOf(name: string, until: (row: any) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await platformRow(tenantAdmin, name);
    if (until(row) || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  // Nothing listed: the gateway's own machine is out of reach.
  server = await startSecurityServer({ OUTBOUND_ALLOW: '' });
  const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: '转发租户', linkman: '赵六' } });
  expect(add.body.code).toBe(200);
  const tenantId = (await server.call('GET', '/api/wdiov-system/tenant/page?tenantName_equal=转发租户', { token: server.admin })).body.data.records[0].tenantId;
  tenantAdmin = await server.signIn('admin', '123456', tenantId);
  open = createServer((socket) => {
    accepted.push(String(socket.remotePort));
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => open.listen(0, '127.0.0.1', () => r()));
  openPort = (open.address() as { port: number }).port;
  closedPort = await freePort();
  forwarding = await startForwarding({
    db: server.gw.database.db, bus: server.gw.bus!, logger: createLogger('silent'), reconcileMs: 300, outbound: server.gw.outbound,
    options: { heartbeatMs: 1000, answerTimeoutMs: 800, retryMinMs: 200, retryMaxMs: 400 },
  });
});
afterAll(async () => {
  await forwarding?.close();
  open?.close();
  await server?.stop();
});

describe('forwarding platform fields', () => {
  it('follow the platform login of GB/T 32960: refused with a 400 naming the field, nothing saved', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ host: '127.0.0.1', port: 32960, username: 'probe\r\nQUIT' }, '登录用户名', 'Login user'],
      [{ host: '127.0.0.1', port: 32960, password: 'pw\nINJECTED' }, '登录密码', 'Login password'],
      [{ host: '127.0.0.1', port: 32960, username: '用户' }, '登录用户名', 'Login user'],
      [{ host: '127.0.0.1', port: 32960, username: 'thirteen-char' }, '登录用户名', 'Login user'],
      [{ host: 'a.example.cn\r\nX', port: 32960 }, '平台地址', 'Host'],
      [{ host: 'http://a.example.cn/x', port: 32960 }, '平台地址', 'Host'],
      [{ host: 'a.example.cn:5432', port: 32960 }, '平台地址', 'Host'],
      [{ host: 'fe80::1::2', port: 32960 }, '平台地址', 'Host'],
      [{ host: 'a.example.cn', port: 0 }, '端口', 'Port'],
      [{ host: 'a.example.cn', port: 65536 }, '端口', 'Port'],
    ];
    for (const [fields, zh, en] of cases) {
      const body = { ...PLATFORM, platformName: `bad-${zh}`, ...fields };
      const said = await server.call('POST', `${platformsPath}/submit`, { token: tenantAdmin, body });
      expect(said.body, JSON.stringify(fields)).toMatchObject({ code: 400, success: false, data: {} });
      expect(said.body.msg, JSON.stringify(fields)).toContain(zh);
      const english = await server.call('POST', `${platformsPath}/submit`, { token: tenantAdmin, body, headers: { 'Accept-Language': 'en' } });
      expect(english.body.msg, JSON.stringify(fields)).toContain(en);
    }
    const { body } = await server.call('GET', `${platformsPath}/page?size=100`, { token: tenantAdmin });
    expect(body.data.records).toEqual([]);
  });
});

describe('a forwarding link', () => {
  it('does not reach an unlisted host, and a refusal, a closed port and a silent open port look the same', async () => {
    for (const [name, port] of [['open', openPort], ['closed', closedPort]] as const) {
      const res = await server.call('POST', `${platformsPath}/submit`, { token: tenantAdmin, body: { ...PLATFORM, platformName: name, host: '127.0.0.1', port, forwardStatus: 1 } });
      expect(res.body.code).toBe(200);
    }
    const refusedOpen = await linkOf('open', (r) => r.linkState === LinkState.unreachable);
    const refusedClosed = await linkOf('closed', (r) => r.linkState === LinkState.unreachable);
    expect(refusedOpen.linkState).toBe(LinkState.unreachable);
    expect(refusedClosed.linkState).toBe(LinkState.unreachable);
    expect(refusedOpen.linkError).toBe(refusedClosed.linkError);
    // A few retries later, still nothing dialled the open port.
    await new Promise((r) => setTimeout(r, 1500));
    expect(accepted).toEqual([]);

    // Listed by the platform administrator: the links go out, and tell the tenant no more than before.
    const param = await server.call('POST', '/api/wdiov-system/param/submit', { token: server.admin, body: { paramName: '外联白名单', paramKey: 'outbound.allow', paramValue: '127.0.0.1' } });
    expect(param.body.code).toBe(200);
    const deadline = Date.now() + 30_000;
    while (accepted.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(accepted.length).toBeGreaterThan(0);
    // The open port took the connection but never answered the login; the closed one refused it.
    const silent = await linkOf('open', (r) => r.linkState === LinkState.unreachable && Date.parse(r.linkTime) > 0);
    const closed = await linkOf('closed', (r) => r.linkState === LinkState.unreachable);
    expect(silent.linkState).toBe(LinkState.unreachable);
    expect(closed.linkState).toBe(LinkState.unreachable);
    expect(new Set([silent.linkError, closed.linkError, refusedOpen.linkError]).size).toBe(1);
    expect(silent.linkError).not.toMatch(/127\.0\.0\.1|ECONN|超时|timeout|refused/i);
  });
});
