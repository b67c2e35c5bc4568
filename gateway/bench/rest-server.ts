/**
 * The gateway of the REST benchmark, in its own process so its CPU is measured apart from the
 * load generator: a fresh database (BENCH_DB=postgres|pglite) with the seed and the demo fleet,
 * served on an ephemeral port. Talks to its parent over IPC: sends {ready, port, token, …},
 * answers 'cpu' with process.cpuUsage(), and 'stop' by closing everything.
 */
import { createHash, randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { buildGateway } from '../src/build-app.ts';
import { systemPrincipal } from '../src/crud/principal.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { benchDatabase } from './bench-util.ts';

export interface RestServerReady {
  ready: true;
  port: number;
  token: string;
  orgId: string;
  vin: string;
  /** Every organisation holding vehicles, and every vehicle's VIN: for clients that each ask something else. */
  orgIds: string[];
  vins: string[];
}

async function main() {
  const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
  const { database, dispose } = await benchDatabase(kind);
  const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp' });
  await prepareData(database.db, gateway.repos, { dictionaries: gateway.dictionaries });
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const vehicles = await gateway.repos.get('vehicle').all(sys, { filters: [], ascs: [], descs: [] });
  const vehicle = vehicles[0];
  const server = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const md5 = createHash('md5').update('admin').digest('hex');
  const res = await fetch(`http://127.0.0.1:${port}/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5}&tenantId=000000`, {
    method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  process.on('message', async (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (m === 'stop') {
      server.close();
      await gateway.logs.close();
      await dispose();
      process.exit(0);
    }
  });
  const ready: RestServerReady = {
    ready: true, port, token, orgId: String(vehicle!.orgId), vin: String(vehicle!.vin),
    orgIds: [...new Set(vehicles.map((v) => String(v.orgId)))], vins: vehicles.map((v) => String(v.vin)),
  };
  process.send!(ready);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
