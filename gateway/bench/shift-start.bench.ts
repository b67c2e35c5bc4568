/**
 * Shift start: 1,000 operators (one role, granted every menu) sign in and load their menu routes
 * and buttons, 50 at a time, against a gateway served over HTTP on a fresh database. The figure
 * is the wall time of the whole shift beside the one-minute target, with the sign-in p99
 * (the argon2id password check dominates). Postgres when BENCH_DATABASE_URL / TEST_DATABASE_URL
 * is set, else PGlite.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { buildGateway } from '../src/build-app.ts';
import { systemPrincipal } from '../src/crud/principal.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { benchDatabase, percentile, report } from './bench-util.ts';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 1000);
const CONCURRENCY = 50;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');

async function main() {
  const { database, label, dispose } = await benchDatabase();
  const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp' });
  await prepareData(database.db, gateway.repos);
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const roleId = await gateway.repos.get('role').insert(sys, { parentId: '0', roleName: '调度员', roleAlias: 'operator', sort: 2 });
  const first = await gateway.repos.get('user').insert(sys, { account: 'op0', realName: 'op0', password: md5('pw'), roleId, deptId: '1123598813738675201' });
  // The other operators copy the first one's password hash: hashing 1,000 passwords is not the shift.
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_user (id, tenant_id, account, real_name, name, password, user_type, role_id, dept_id, status, is_deleted, create_time, update_time)
    SELECT 3000000000000 + g, tenant_id, 'op' || g, 'op' || g, 'op' || g, password, user_type, role_id, dept_id, 1, 0, now(), now()
    FROM wdiov_user, generate_series(1, ${OPERATORS - 1}) g WHERE id = ${first}`));
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_role_menu (id, role_id, menu_id) SELECT 4000000000000 + row_number() over (), ${roleId}, id FROM wdiov_menu WHERE is_deleted = 0`));
  const server = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const signIns: number[] = [];
  const shift = async (i: number) => {
    const t0 = performance.now();
    const q = new URLSearchParams({ tenantId: '000000', username: `op${i}`, password: md5('pw'), grant_type: 'password', scope: 'all' });
    const res = await fetch(`${base}/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC } });
    const { access_token: token } = (await res.json()) as { access_token?: string };
    if (!token) throw new Error(`op${i} could not sign in`);
    signIns.push(performance.now() - t0);
    for (const path of ['/api/wdiov-system/menu/routes', '/api/wdiov-system/menu/buttons']) {
      const body = (await (await fetch(base + path, { headers: { 'Wdiov-Auth': `bearer ${token}` } })).json()) as { code: number; data: unknown[] };
      if (body.code !== 200 || body.data.length === 0) throw new Error(`${path} for op${i}: ${JSON.stringify(body).slice(0, 200)}`);
    }
  };
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < OPERATORS) await shift(next++);
  }));
  const seconds = (performance.now() - t0) / 1000;
  server.close();
  await gateway.logs.close();
  await dispose();
  signIns.sort((a, b) => a - b);
  report({ name: `shift.${label}.${OPERATORS}-operators`, unit: 's', value: seconds, limit: 60, limitName: 'target', note: `sign in + menu routes + buttons, ${CONCURRENCY} at a time` });
  report({ name: `shift.${label}.sign-in.p99`, unit: 'ms', value: percentile(signIns, 99) });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
