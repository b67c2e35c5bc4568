/**
 * REST calls of the console under load: 20 concurrent clients (autocannon) against a gateway in
 * its own process on a fresh database with the demo fleet, a few seconds per call. Each call's
 * throughput is read as a ratio of /api/health in the same run; beside it the p99 latency and the
 * gateway's CPU per request. Postgres when BENCH_DATABASE_URL / TEST_DATABASE_URL is set, and PGlite.
 * The page and realtimeInfo are measured twice: every client asking the same (identical reads in
 * flight share one query), and `.distinct`, each request another page, filter, order or vehicle.
 * BENCH_CPU_PROF=DIR writes a CPU profile of each gateway there; BENCH_REST_DB=postgres|pglite and
 * BENCH_REST_CALLS=name,… narrow a run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { report } from './bench-util.ts';
import type { RestServerReady } from './rest-server.ts';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 3);
const P99_TARGET_MS = 50;

interface Call {
  name: string;
  path: string;
  target?: number;
  /** When given, each request asks the next of these (every client something else), starting with `path`. */
  paths?: string[];
}

/** Pages of the vehicle list as many consoles ask them: per organisation, status filter, page and order. */
function distinctPages(s: RestServerReady): string[] {
  const out: string[] = [];
  for (const current of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const status of ['', '&vehicleStatus_equal=1', '&vehicleStatus_equal=0'])
      for (const order of ['descs=create_time', 'ascs=plate_number', 'descs=update_time'])
        for (const org of s.orgIds) out.push(`/api/wdiov-base/vehicle/page?current=${current}&size=20&orgId_equal=${org}${status}&${order}`);
  return out;
}

/** Each call and the share of health it should reach. */
const calls = (s: RestServerReady): Call[] => {
  const vehiclePage = `/api/wdiov-base/vehicle/page?current=2&size=20&orgId_equal=${s.orgId}&vehicleStatus_equal=1&descs=create_time`;
  const realtimeInfo = (vin: string) => `/api/wdiov-base/vehicleMonitor/realtimeInfo?vin=${vin}`;
  return [
    { name: 'health', path: '/api/health' },
    { name: 'dictionary', path: '/api/wdiov-system/dict/dictionary?code=vehicle_status', target: 0.5 },
    { name: 'dept-tree', path: '/api/wdiov-system/dept/tree' },
    { name: 'vehicle-page', path: vehiclePage, target: 0.25 },
    { name: 'vehicle-page.distinct', path: vehiclePage, paths: distinctPages(s), target: 0.25 },
    { name: 'realtime-info', path: realtimeInfo(s.vin), target: 0.25 },
    { name: 'realtime-info.distinct', path: realtimeInfo(s.vin), paths: s.vins.map(realtimeInfo), target: 0.25 },
    { name: 'data-board', path: '/api/wdiov-base/dataBoard/getRealTimeData', target: 0.25 },
    { name: 'menu-routes', path: '/api/wdiov-system/menu/routes', target: 0.25 },
  ];
};

function ask<T>(child: ChildProcess, message: string, pick: (m: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      const v = pick(m);
      if (v !== undefined) {
        child.off('message', on);
        resolve(v);
      }
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

const cpuMs = async (child: ChildProcess) => {
  const { user, system } = await ask(child, 'cpu', (m) => (m as { cpu?: NodeJS.CpuUsage }).cpu);
  return (user + system) / 1000;
};

async function load(url: string, token: string, seconds: number, paths?: string[]) {
  // Distinct paths: one counter for every connection, so requests in flight at once ask different things.
  let next = 0;
  const requests = paths ? [{ setupRequest: (req: object) => ({ ...req, path: paths[next++ % paths.length] }) }] : undefined;
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { 'Wdiov-Auth': `bearer ${token}` }, ...(requests ? { requests } : {}) });
}

async function measure(db: 'postgres' | 'pglite') {
  const profDir = process.env.BENCH_CPU_PROF;
  const child = fork(fileURLToPath(new URL('./rest-server.ts', import.meta.url)), {
    env: { ...process.env, BENCH_DB: db },
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const ready = await Promise.race([
    ask(child, '', (m) => ((m as RestServerReady).ready ? (m as RestServerReady) : undefined)),
    exited.then(() => { throw new Error('rest bench server exited before it was ready'); }),
  ]);
  const base = `http://127.0.0.1:${ready.port}`;
  const auth = { 'Wdiov-Auth': `bearer ${ready.token}` };
  const run = async (path: string, paths?: string[]) => {
    await load(base + path, ready.token, 1, paths); // warm-up: JIT, caches, pool
    const cpu0 = await cpuMs(child);
    const r = await load(base + path, ready.token, SECONDS, paths);
    const cpu = (await cpuMs(child)) - cpu0;
    if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.total / SECONDS, p99: r.latency.p99, cpuPerRequest: cpu / r.requests.total };
  };
  try {
    const only = process.env.BENCH_REST_CALLS?.split(',');
    const [health, ...rest] = calls(ready).filter((c) => !only || c.name === 'health' || only.includes(c.name));
    const results = [{ call: health!, ...(await run(health!.path)) }];
    for (const call of rest) {
      const check = await fetch(base + call.path, { headers: auth });
      const body = (await check.json()) as { code?: number };
      if (check.status !== 200 || body.code !== 200) throw new Error(`${call.path}: ${JSON.stringify(body).slice(0, 300)}`);
      results.push({ call, ...(await run(call.path, call.paths)) });
    }
    // Health again at the end: the limit is the better of both (neighbours on a shared machine come and go).
    const healthRps = Math.max(results[0]!.rps, (await run(health!.path)).rps);
    for (const { call, rps, p99, cpuPerRequest } of results) {
      const name = `rest.${db}.${call.name}`;
      report({ name: `${name}.rps`, unit: 'req/s', value: rps, limit: healthRps, limitName: 'health req/s', note: call.target ? `target ratio ≥ ${call.target}` : undefined });
      report({ name: `${name}.p99`, unit: 'ms', value: p99, limit: P99_TARGET_MS, limitName: 'target p99' });
      const asked = call.paths ? `, ${call.paths.length} distinct requests in turn` : '';
      report({ name: `${name}.cpu`, unit: 'ms/req', value: cpuPerRequest, note: `gateway CPU per request, ${CONNECTIONS} clients, ${SECONDS} s${asked}` });
    }
  } finally {
    child.send('stop');
    await exited;
  }
}

async function main() {
  const postgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
  if (!postgres) console.error('rest bench: no BENCH_DATABASE_URL/TEST_DATABASE_URL, Postgres skipped');
  const only = process.env.BENCH_REST_DB;
  for (const db of [...(postgres ? ['postgres' as const] : []), 'pglite' as const]) {
    if (!only || only === db) await measure(db);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
