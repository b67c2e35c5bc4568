import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { loginFrame } from '../../test/gbt-frames.ts';
import { terminal, until } from '../../test/terminal-client.ts';
import type { Database, Db } from '../db/client.ts';
import { GatewayMetrics } from './gateway-metrics.ts';
import { opsRoutes } from './ops.routes.ts';
import { TrustedProxies } from '../lib/client-address.ts';

const TOKEN = 'scrape-token-0123456789';
const UNKNOWN_VIN = 'LSVAU2180N2189999';

/** The value of one sample line of the text format (`name{labels} value`), or undefined. */
function sample(text: string, line: string): number | undefined {
  const hit = text.split('\n').find((l) => l.startsWith(line + ' '));
  return hit === undefined ? undefined : Number(hit.slice(line.length + 1));
}

describe('metrics and readiness', () => {
  let open: TestGateway;
  let guarded: TestGateway;

  beforeAll(async () => {
    // A real server on 127.0.0.1 (streaming) serves /metrics to this machine without a token.
    open = await createTestGateway({}, { streaming: true });
    open.metrics.watch({ ingest: () => open.streaming?.ingest?.stats });
    guarded = await createTestGateway({ METRICS_TOKEN: TOKEN });
  }, 180_000);
  afterAll(async () => {
    await open?.dispose();
    await guarded?.dispose();
  });

  it('serves /metrics to this machine only when no token is set', async () => {
    const local = await fetch(`http://127.0.0.1:${open.httpPort}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toMatch(/^text\/plain/);
    // A request that did not come through a socket of this machine (no peer address) is refused.
    expect((await open.request('/metrics')).status).toBe(401);
  });

  it('asks for the bearer token when one is set, compared in full', async () => {
    expect((await guarded.request('/metrics')).status).toBe(401);
    expect((await guarded.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await guarded.request('/metrics', { headers: { authorization: `Bearer ${TOKEN.slice(1)}` } })).status).toBe(401);
    const ok = await guarded.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
  });

  it('counts requests by the route they matched and their status, not by raw path', async () => {
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    const before = sample(await (await guarded.request('/metrics', auth)).text(), 'wdiov_http_requests_total{method="GET",route="/api/health",status="200"}') ?? 0;
    for (let i = 0; i < 3; i++) expect((await guarded.request('/api/health')).status).toBe(200);
    expect((await guarded.request('/api/wdiov-system/menu/routes')).status).toBe(401);
    const text = await (await guarded.request('/metrics', auth)).text();
    expect(sample(text, 'wdiov_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(before + 3);
    expect(text).toMatch(/wdiov_http_requests_total\{method="GET",route="[^"]*",status="401"\} [1-9]/);
    expect(text).toContain('wdiov_http_request_duration_seconds_bucket');
    expect(text).toContain('wdiov_nodejs_eventloop_lag_seconds');
  });

  it('reports the ingest: connections, frames and refusals by reason', async () => {
    const port = open.streaming!.ingest!.port;
    const t = terminal(port);
    await t.ready;
    t.send(loginFrame(UNKNOWN_VIN, Date.now()));
    const scrape = async () => (await fetch(`http://127.0.0.1:${open.httpPort}/metrics`)).text();
    const text = await until(async () => {
      const s = await scrape();
      return (sample(s, 'wdiov_ingest_frames_rejected_total{reason="unknown_vin"}') ?? 0) >= 1 ? s : undefined;
    });
    expect(sample(text, 'wdiov_ingest_frames_rejected_total{reason="bad_checksum"}')).toBe(0);
    expect(sample(text, 'wdiov_ingest_frames_total')).toBeGreaterThanOrEqual(1);
    t.socket.destroy();
    await until(async () => sample(await scrape(), 'wdiov_ingest_connections') === 0);
  });

  it('is ready while the database answers, and not once draining', async () => {
    const ready = await guarded.json('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('READY');
    guarded.drain();
    const draining = await guarded.json('/api/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.msg).toMatch(/draining/);
    // Liveness is another question: the process still answers.
    expect((await guarded.request('/api/health')).status).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    // The real driver, pointed at a port where no server listens.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody:none@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
    const database: Database = { db: drizzle(pool) as unknown as Db, kind: 'postgres', describe: 'nowhere', close: () => pool.end() };
    const routes = opsRoutes(new GatewayMetrics(), undefined, { database, draining: () => false }, new TrustedProxies([]));
    const res = await routes.request('/api/ready');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/database/);
    await database.close();
  });
});
