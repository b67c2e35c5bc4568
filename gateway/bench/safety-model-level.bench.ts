/**
 * The model-level list (safetyModelLevel/list) over 10,000 vehicles in 20 models and a year of
 * 50,000 safety warnings, through the gateway, beside the raw SQL of the same aggregate in the
 * same run. PGlite always; Postgres too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { queryRows, type Database } from '../src/db/client.ts';
import { buildGateway } from '../src/build-app.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { onEachDatabase, percentile, report, timeIt } from './bench-util.ts';

const VEHICLES = Number(process.env.BENCH_MODEL_VEHICLES ?? 10_000);
const MODELS = 20;
const WARNINGS = Number(process.env.BENCH_MODEL_WARNINGS ?? 50_000);
const RUNS = 50;

async function fill(database: Database) {
  // Straight SQL: the benchmark measures the aggregate, not the monitor that writes warnings.
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_vehicle_model (id, tenant_id, model_name, model_code, status, is_deleted)
    SELECT 5000000000000 + m, '000000', 'Bench model ' || m, 'BM' || m, 1, 0 FROM generate_series(1, ${MODELS}) m`));
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, vehicle_model_id, status, is_deleted)
    SELECT 5100000000000 + g, '000000', 'LMLBN' || lpad(g::text, 12, '0'), '京M' || lpad(g::text, 5, '0'), 5000000000001 + g % ${MODELS}, 1, 0
    FROM generate_series(1, ${VEHICLES}) g`));
  // Faults and hidden dangers alike, levels 1–3, spread over the 365 days before now.
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_safety_warning (id, tenant_id, vin, item, item_name, level, raised_time, deadline, warning_status, status, is_deleted)
    SELECT 5200000000000 + g, '000000', 'LMLBN' || lpad((1 + (g * 7919) % ${VEHICLES})::text, 12, '0'),
      CASE WHEN g % 2 = 0 THEN 'F' ELSE 'C' END || (1 + g % 12), 'bench', 1 + g % 3,
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second', now(), 0, 1, 0
    FROM generate_series(1, ${WARNINGS}) g`));
  for (const table of ['wdiov_vehicle_model', 'wdiov_vehicle', 'wdiov_safety_warning']) await database.db.execute(sql.raw(`ANALYZE ${table}`));
}

/** The list's aggregate as one hand-written statement: the floor the call is compared with. */
const RAW = `SELECT m.id, m.model_name, count(v.vin), count(*) FILTER (WHERE w.fault), count(*) FILTER (WHERE w.danger)
  FROM (SELECT id, model_name FROM wdiov_vehicle_model WHERE is_deleted = 0 AND tenant_id = '000000') m
  LEFT JOIN (SELECT vehicle_model_id, vin FROM wdiov_vehicle WHERE is_deleted = 0 AND tenant_id = '000000') v ON v.vehicle_model_id = m.id
  LEFT JOIN (SELECT vin, bool_or(item LIKE 'F%' AND level >= 3) AS fault, bool_or(item LIKE 'C%') AS danger FROM wdiov_safety_warning
    WHERE is_deleted = 0 AND tenant_id = '000000' AND raised_time >= now() - interval '365 days' AND raised_time < now() + interval '1 day' GROUP BY vin) w ON w.vin = v.vin
  GROUP BY m.id, m.model_name`;

async function measure(label: string, database: Database) {
  await fill(database);
  const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp' });
  await prepareData(database.db, gateway.repos);
  const md5 = createHash('md5').update('admin').digest('hex');
  const signIn = await gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5}&tenantId=000000`, {
    method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
  });
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const call = async () => {
    const res = await gateway.app.request('/api/wdiov-base/safetyModelLevel/list', { headers: { 'Wdiov-Auth': `bearer ${token}` } });
    const body = (await res.json()) as { code: number; data: { records: { inUse: number }[] } };
    if (body.code !== 200) throw new Error(JSON.stringify(body));
    return body.data.records;
  };
  const rows = await call();
  const inUse = rows.reduce((n, r) => n + r.inUse, 0);
  if (rows.length !== MODELS || inUse !== VEHICLES) throw new Error(`${rows.length} models, ${inUse} vehicles in use`);
  const viaGateway = await timeIt(call, RUNS);
  const raw = await timeIt(() => queryRows(database.db, sql.raw(RAW)), RUNS);
  await gateway.logs.close();
  report({
    name: `safety.modelLevel.${label}.p50`, unit: 'ms', value: percentile(viaGateway, 50), limit: percentile(raw, 50), limitName: 'raw SQL of the aggregate p50',
    note: `${VEHICLES} vehicles in ${MODELS} models, ${WARNINGS} warnings over 365 days`,
  });
}

onEachDatabase('model-level', measure);
