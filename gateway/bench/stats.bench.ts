/**
 * Statistics calls over daily rollups of 10,000 vehicles × 365 days (BENCH_STATS_VEHICLES to
 * change the fleet), through the gateway, each beside the raw SQL of the same rows in the same
 * run. Postgres only (BENCH_DATABASE_URL or TEST_DATABASE_URL); without one it says so and stops.
 * The fill ends with the job's first run, which builds the fleet summary of the year (its own row);
 * BENCH_STATS_IN_PLACE=1 with BENCH_STATS_KEEP=1 keeps the filled rollups for the next run;
 * BENCH_STATS_ONLY (names of the calls and/or `upkeep`, comma-separated) times only those.
 */
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { buildGateway } from '../src/build-app.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { dayOf } from '../src/stats/day-figures.ts';
import { StatsRollup } from '../src/stats/rollup-job.ts';
import { benchDatabase, percentile, report, timeIt } from './bench-util.ts';

const VEHICLES = Number(process.env.BENCH_STATS_VEHICLES ?? 10_000);
/** Upkeep: this many vehicles report UPKEEP_FRAMES positions each, then the job rolls them up. */
const UPKEEP_VEHICLES = 1_000;
const UPKEEP_FRAMES = 60;
const DAYS = 365;
/** Calls timed per case: a p99 needs a hundred samples and more (of 60 it was the slowest call, the first, cold one). */
const RUNS = 200;
const OFFSET = 480;
const ONLY = (process.env.BENCH_STATS_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const timed = (name: string) => ONLY.length === 0 || ONLY.includes(name);

async function fill(database: Database) {
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, status, is_deleted)
    SELECT 3000000000000 + g, '000000', 'LBENCH' || lpad(g::text, 11, '0'), '京B' || lpad(g::text, 5, '0'), 1, 0 FROM generate_series(1, ${VEHICLES}) g`));
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_stats_daily (tenant_id, vin, day, frames, mileage_km, energy_used_kwh, energy_charged_kwh, driving_s, charging_s, online_s,
      offline_s, invalid_count, abnormal_count, hop_count, hop_km, alarm_l1, alarm_l2, alarm_l3, fault_count)
    SELECT '000000', 'LBENCH' || lpad(g::text, 11, '0'), (now() AT TIME ZONE 'UTC' + interval '${OFFSET} minutes')::date - d,
      2880, (g * 7 + d) % 300, (g + d) % 45, (g + 3 * d) % 40, 10000, 3600, 30000, 56400, (g + d) % 5, (g * d) % 3, (g + d) % 11 / 10, 0,
      e * ((g + d) % 4), e * ((g * d) % 2), e * ((g + d) % 7 / 6), e * ((g + d) % 3)
    -- No alarm counts today and yesterday: the job recounts those days from the alarm rows, of which the bench writes none.
    FROM generate_series(1, ${VEHICLES}) g CROSS JOIN generate_series(0, ${DAYS - 1}) d CROSS JOIN LATERAL (SELECT (d > 1)::int AS e) x`));
  await database.db.execute(sql.raw('ANALYZE wdiov_vehicle; ANALYZE wdiov_stats_daily'));
  // The job's first run builds the fleet summary of the whole year (as after the migration that adds it).
  const t0 = performance.now();
  await new StatsRollup(database.db, { utcOffsetMin: OFFSET, settleMs: 0 }).runOnce();
  await database.db.execute(sql.raw('ANALYZE wdiov_stats_fleet_daily; ANALYZE wdiov_stats_member; ANALYZE wdiov_stats_running'));
  report({ name: 'stats.postgres.summaryBackfill', unit: 's', value: Math.round((performance.now() - t0) / 100) / 10, note: `fleet summary and running totals of ${VEHICLES} vehicles × ${DAYS} days, built once` });
}

/**
 * The rollup job's cost per 1,000 frames: positions of UPKEEP_VEHICLES vehicles (10 s apart,
 * driving) written with one INSERT … SELECT (the limit beside it), then one run of the job over
 * the whole fleet, which finds and rolls up only them.
 */
async function upkeep(database: Database, label: string) {
  const frames = UPKEEP_VEHICLES * UPKEEP_FRAMES;
  await database.db.execute(sql.raw(`DELETE FROM wdiov_position WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_stats_cursor WHERE vin LIKE 'LBENCH%'`));
  const t0 = performance.now();
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_position (id, tenant_id, vin, ts, speed, soc, mileage, voltage, current, state)
    SELECT 4000000000000 + g * 1000 + f, '000000', 'LBENCH' || lpad(g::text, 11, '0'), now() - interval '20 minutes' + f * interval '10 seconds',
      36, 80, 1000 + g + f / 10.0, 400, 50, 1
    FROM generate_series(1, ${UPKEEP_VEHICLES}) g CROSS JOIN generate_series(0, ${UPKEEP_FRAMES - 1}) f`));
  const written = performance.now() - t0;
  // A gateway's job has run before (every minute): its alarm recount starts from yesterday, not
  // from the beginning of a year of rollups, as a first run on such a database would.
  await database.db.execute(sql.raw(`INSERT INTO wdiov_stats_job (name, at) VALUES ('events', now() - interval '1 minute')
    ON CONFLICT (name) DO UPDATE SET at = excluded.at`));
  const t1 = performance.now();
  const run = await new StatsRollup(database.db, { utcOffsetMin: OFFSET, settleMs: 0 }).runOnce();
  const rolled = performance.now() - t1;
  if (run.frames !== frames) throw new Error(`rolled up ${run.frames} frames, wrote ${frames}`);
  report({ name: `stats.${label}.upkeepPer1000Frames`, unit: 'ms', value: rolled / (frames / 1000), limit: written / (frames / 1000),
    limitName: 'INSERT of the same positions', note: `${UPKEEP_VEHICLES} vehicles × ${UPKEEP_FRAMES} frames, one run over ${VEHICLES} vehicles` });
}

/**
 * BENCH_STATS_IN_PLACE=1: the database of the URL itself (migrated, its bench rows removed
 * afterwards) instead of a fresh one created beside it, for a server where only that one is ours.
 */
async function inPlace() {
  const url = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)!;
  const database = await openDatabase({ url });
  const clear = () => database.db.execute(sql.raw(`DELETE FROM wdiov_stats_daily WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_stats_cursor WHERE vin LIKE 'LBENCH%';
    DELETE FROM wdiov_position WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_vehicle WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_stats_job;
    DELETE FROM wdiov_stats_member WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_stats_fleet_daily; DELETE FROM wdiov_stats_dirty_day;
    DELETE FROM wdiov_stats_running WHERE vin LIKE 'LBENCH%'; DELETE FROM wdiov_stats_running_dirty WHERE vin LIKE 'LBENCH%'`));
  // BENCH_STATS_KEEP=1: the rollups of an earlier run stay for the next one (a fill takes minutes on a loaded machine).
  const keep = process.env.BENCH_STATS_KEEP === '1';
  const [filled] = await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM wdiov_stats_daily WHERE vin LIKE 'LBENCH%'`);
  const reuse = keep && Number(filled?.n) === VEHICLES * DAYS;
  if (!reuse) await clear();
  return { database, label: 'postgres', reuse, dispose: async () => { if (!keep) await clear(); await database.close(); } };
}

async function signIn(gateway: ReturnType<typeof buildGateway>) {
  const md5 = createHash('md5').update('admin').digest('hex');
  const res = await gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5}&tenantId=000000`, {
    method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function main() {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)) {
    console.error('stats bench: no BENCH_DATABASE_URL/TEST_DATABASE_URL, skipped (the target is on Postgres)');
    return;
  }
  const { database, label, dispose, reuse } = process.env.BENCH_STATS_IN_PLACE === '1' ? await inPlace() : { ...(await benchDatabase('postgres')), reuse: false };
  try {
    const t0 = performance.now();
    if (!reuse) await fill(database);
    if (!reuse) report({ name: `stats.${label}.fill`, unit: 's', value: Math.round((performance.now() - t0) / 100) / 10, note: `${VEHICLES} vehicles × ${DAYS} days of rollups` });
    else {
      // Kept rollups: one run of the job brings what a newer gateway keeps beside them (the running totals) up to date.
      const t1 = performance.now();
      await new StatsRollup(database.db, { utcOffsetMin: OFFSET, settleMs: 0 }).runOnce();
      await database.db.execute(sql.raw('ANALYZE wdiov_stats_running'));
      report({ name: `stats.${label}.catchUp`, unit: 's', value: Math.round((performance.now() - t1) / 100) / 10, note: 'one run of the job over the kept rollups' });
    }
    const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp' });
    await prepareData(database.db, gateway.repos);
    const token = await signIn(gateway);
    const today = dayOf(Date.now(), OFFSET);
    const from30 = dayOf(Date.now() - 29 * 86_400_000, OFFSET);
    const yesterday = dayOf(Date.now() - 86_400_000, OFFSET);
    // [call, the raw SQL reading the same rollup rows]
    const cases: [string, string, string][] = [
      ['perDay30', '/api/wdiov-base/dataBoard/getMileAndReduceEnergyEmissionData?days=30',
        `SELECT day, sum(mileage_km), sum(energy_used_kwh), count(*) FILTER (WHERE online_s > 0) FROM wdiov_stats_daily
         WHERE tenant_id = '000000' AND day BETWEEN '${from30}' AND '${today}' GROUP BY day`],
      ['vehiclePage30', '/api/wdiov-base/mileageStatistics/list?days=30&current=1&size=10',
        `SELECT vin, sum(mileage_km) AS m FROM wdiov_stats_daily WHERE tenant_id = '000000' AND day BETWEEN '${from30}' AND '${today}'
         GROUP BY vin ORDER BY m DESC LIMIT 10`],
      ['largeScreenYesterday', '/api/wdiov-base/largeScreenStatistics/yesterday',
        `SELECT sum(mileage_km), sum(alarm_l1 + alarm_l2 + alarm_l3) FROM wdiov_stats_daily WHERE tenant_id = '000000' AND day = '${yesterday}'`],
      ['vehicleReport30', '/api/wdiov-base/vehicleReport/page?days=30&current=1&size=10',
        `SELECT day, vin, mileage_km FROM wdiov_stats_daily WHERE tenant_id = '000000' AND day BETWEEN '${from30}' AND '${today}'
         ORDER BY day DESC NULLS LAST, vin LIMIT 10`],
      ['vehicleConditionDetail30', '/api/wdiov-base/vehicleConditionStatis/detail?vin=LBENCH00000000001&days=30',
        `SELECT day, mileage_km FROM wdiov_stats_daily WHERE tenant_id = '000000' AND vin = 'LBENCH00000000001' AND day BETWEEN '${from30}' AND '${today}'`],
      // The whole wall display in one call: today, yesterday, the week per day, top vehicles, the fleet.
      ['largeScreenBoard', '/api/wdiov-base/largeScreenStatistics/board',
        `SELECT day, sum(mileage_km), sum(alarm_l1 + alarm_l2 + alarm_l3) FROM wdiov_stats_daily WHERE tenant_id = '000000'
         AND day BETWEEN '${dayOf(Date.now() - 6 * 86_400_000, OFFSET)}' AND '${today}' GROUP BY day`],
    ];
    for (const [name, url, raw] of cases.filter(([name]) => timed(name))) {
      const call = await timeIt(async () => {
        const res = await gateway.app.request(url, { headers: { 'Wdiov-Auth': `bearer ${token}` } });
        if (res.status !== 200) throw new Error(await res.text());
        await res.json();
      }, RUNS);
      const direct = await timeIt(() => queryRows(database.db, sql.raw(raw)), RUNS);
      report({ name: `stats.${label}.${name}.p99`, unit: 'ms', value: percentile(call, 99), limit: percentile(direct, 99), limitName: 'raw SQL p99', note: 'target ≤ 50 ms' });
    }
    if (timed('upkeep')) await upkeep(database, label);
    await gateway.logs.close();
  } finally {
    await dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
