/**
 * A filtered, sorted page over 1,000,000 user rows through the entity engine, beside the same
 * query run straight on the database in the same run (engine overhead as a ratio).
 * PGlite always; Postgres too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { queryRows, type Database } from '../src/db/client.ts';
import { buildGateway } from '../src/build-app.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { onEachDatabase, percentile, report, timeIt } from './bench-util.ts';

const ROWS = Number(process.env.BENCH_USER_ROWS ?? 1_000_000);
const RUNS = 200;

async function fill(database: Database) {
  // Straight SQL: the benchmark measures reading, not the engine's insert path.
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_user (id, tenant_id, account, real_name, name, phone, user_type, role_id, dept_id, status, is_deleted, create_time, update_time)
    SELECT 2000000000000 + g, '000000', 'user' || g, '用户' || (g % 5000), 'u' || g, '138' || lpad((g % 100000000)::text, 8, '0'),
           1 + g % 3, '1123598816738675201', '1123598813738675201', 1, 0, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${ROWS}) g`));
  await database.db.execute(sql.raw('ANALYZE wdiov_user'));
}

async function measure(label: string, database: Database) {
  const t0 = performance.now();
  await fill(database);
  const fillS = (performance.now() - t0) / 1000;
  const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp' });
  await prepareData(database.db, gateway.repos);
  const token = await (async () => {
    const md5 = (await import('node:crypto')).createHash('md5').update('admin').digest('hex');
    const res = await gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5}&tenantId=000000`, {
      method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
    });
    return ((await res.json()) as { access_token: string }).access_token;
  })();
  // An exact name + a platform, newest first, page 2 of 10 (about 200 rows match of 1,000,000).
  const url = '/api/wdiov-user/page?current=2&size=10&realName_equal=' + encodeURIComponent('用户1234') + '&userType_equal=2&descs=create_time';
  const engine = await timeIt(async () => {
    const res = await gateway.app.request(url, { headers: { 'Wdiov-Auth': `bearer ${token}` } });
    if (res.status !== 200) throw new Error(await res.text());
    await res.json();
  }, RUNS);
  const raw = await timeIt(async () => {
    await queryRows(database.db, sql.raw(`SELECT count(*) FROM wdiov_user WHERE is_deleted = 0 AND tenant_id = '000000' AND real_name = '用户1234' AND user_type = 2`));
    await queryRows(database.db, sql.raw(`SELECT * FROM wdiov_user WHERE is_deleted = 0 AND tenant_id = '000000' AND real_name = '用户1234' AND user_type = 2 ORDER BY create_time DESC, id DESC LIMIT 10 OFFSET 10`));
  }, RUNS);
  await gateway.logs.close();
  report({ name: `crud.page.${label}.fill`, unit: 's', value: fillS, note: `${ROWS} rows` });
  for (const p of [50, 99]) {
    report({ name: `crud.page.${label}.p${p}`, unit: 'ms', value: percentile(engine, p), limit: percentile(raw, p), limitName: `raw SQL p${p}` });
  }
}

onEachDatabase('crud page', measure);
