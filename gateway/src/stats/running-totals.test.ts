// Each vehicle's running totals against the rollup rows they sum: the per-vehicle lists give the
// same figures from either, over ranges with and without rows at their ends, after a past day's
// row changes, and after reruns of the job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/test-gateway.ts';
import type { Db } from '../db/client.ts';
import { StatsRollup } from './rollup-job.ts';
import { markRunningDirty, runningEnd } from './running-totals.ts';
import { addVehicleRow } from './stats-fixture.ts';
import { StatsQueries, type Fleet } from './stats-queries.ts';
import { dayRange } from './stats-range.ts';

const OFFSET = 480;
const T = '000000';
const NOW = Date.UTC(2026, 5, 30, 4, 0, 0);
const VINS = ['LRUNNING000000001', 'LRUNNING000000002', 'LRUNNING000000003'];
/** A vehicle of the same tenant with no rows: a stale mark on it sends the reads to the rollup rows. */
const IDLE = 'LRUNNING00000IDLE';
const SORT = [{ key: 'mileage', asc: false }, { key: 'invalidCount', asc: true }];

let db: Db;
let dispose: () => Promise<void>;
const queries = () => new StatsQueries(db);
const fleet: Fleet = { tenantId: T, where: sql`wdiov_vehicle.tenant_id = ${T} AND wdiov_vehicle.vin LIKE 'LRUNNING%'` };
const job = (at = NOW) => new StatsRollup(db, { utcOffsetMin: OFFSET }).runOnce(at);
const range = (fromDaysAgo: number, toDaysAgo: number, at: number) =>
  dayRange({ startTime: String(at - fromDaysAgo * 86_400_000), endTime: String(at - toDaysAgo * 86_400_000) }, OFFSET, 1, at);
const RANGES: [number, number][] = [[29, 0], [5, 2], [40, 40], [200, 45], [1, 1], [60, 0]];

/** Every range's list, read as it is (running totals when fresh), and from the rollup rows (a stale vehicle in the tenant). */
async function both(at = NOW) {
  const read = () => Promise.all(RANGES.map(([a, b]) => queries().perVehicle(fleet, range(a, b, at), { current: 1, size: 10, sort: SORT })));
  expect(await runningEnd(db, T)).toBeDefined();
  const running = await read();
  await markRunningDirty(db, [T], [IDLE], ['2026-01-01']);
  expect(await runningEnd(db, T)).toBeUndefined();
  const daily = await read();
  await db.execute(sql`DELETE FROM wdiov_stats_running_dirty WHERE vin = ${IDLE}`);
  return { running, daily };
}

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
  for (const vin of [...VINS, IDLE]) await addVehicleRow(db, T, vin);
  // 50 days of rows with gaps (every third day of the second vehicle, the first vehicle's last week).
  await db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, frames, mileage_km, energy_used_kwh, driving_s, online_s, invalid_count, hop_km)
    SELECT ${T}, v.vin, '2026-06-30'::date - d, 100 + d, (v.n * 7 + d * 3) % 50 + 0.1, (v.n + d) % 9 * 0.37, d * 60, (d % 4) * 3600, (v.n * d) % 5, d % 3 * 0.1
    FROM unnest(${sql.param(VINS)}::varchar[]) WITH ORDINALITY AS v(vin, n) CROSS JOIN generate_series(0, 49) d
    WHERE NOT (v.n = 2 AND d % 3 = 0) AND NOT (v.n = 1 AND d < 7)`);
  await job();
});
afterAll(() => dispose());

describe('running totals', () => {
  it('give every range the figures of the rollup rows it covers', async () => {
    const { running, daily } = await both();
    expect(running).toEqual(daily);
    const month = running[0]!.records;
    expect(month.map((r) => r.vin)).toHaveLength(4);
    expect(month.find((r) => r.vin === VINS[0])!.onlineDays).toBeGreaterThan(0);
    expect(month.find((r) => r.vin === IDLE)).toMatchObject({ mileage: 0, frames: 0, onlineDays: 0 });
  });

  it('page the list: each page is its slice of the whole list, the total the whole fleet, from either source', async () => {
    const month = range(29, 0, NOW);
    // resetCount is 0 for every vehicle: that order is the VINs'.
    for (const sort of [SORT, [{ key: 'resetCount', asc: false }], [{ key: 'energyPer100Km', asc: true }]]) {
      const read = async () => {
        const whole = await queries().perVehicle(fleet, month, { current: 1, size: 10, sort });
        const pages = await Promise.all([1, 2, 3].map((current) => queries().perVehicle(fleet, month, { current, size: 3, sort })));
        return { whole, pages };
      };
      const { whole, pages } = await read();
      expect(whole.total).toBe(4);
      expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
      expect(pages.map((p) => p.records.length)).toEqual([3, 1, 0]);
      expect(pages.flatMap((p) => p.records)).toEqual(whole.records);
      if (sort[0]!.key === 'resetCount') expect(whole.records.map((r) => r.vin)).toEqual([...VINS, IDLE].sort());
      await markRunningDirty(db, [T], [IDLE], ['2026-01-01']);
      expect(await read()).toEqual({ whole, pages });
      await db.execute(sql`DELETE FROM wdiov_stats_running_dirty WHERE vin = ${IDLE}`);
    }
  });

  it('follow a past day changed by the job, and stay the same over reruns', async () => {
    await db.execute(sql`UPDATE wdiov_stats_daily SET mileage_km = mileage_km + 500, invalid_count = invalid_count + 3 WHERE vin = ${VINS[2]} AND day = '2026-06-20'`);
    await markRunningDirty(db, [T], [VINS[2]!], ['2026-06-20']);
    await job();
    const { running, daily } = await both();
    expect(running).toEqual(daily);
    expect(running[0]!.records[0]!.vin).toBe(VINS[2]);
    await job();
    expect((await both()).running).toEqual(running);
  });

  it('write only the last day of a vehicle whose last day changed: the rows a rebuild from its first day writes', async () => {
    const rows = () => db.execute(sql`SELECT * FROM wdiov_stats_running WHERE vin LIKE 'LRUNNING%' ORDER BY vin, day`).then((r) => (r as unknown as { rows: unknown[] }).rows);
    // The first vehicle's row of the last day grows; the second, without one there, gets one (online: a day more online).
    await db.execute(sql`UPDATE wdiov_stats_daily SET mileage_km = mileage_km + 5.5, frames = frames + 40, online_s = 7200 WHERE vin = ${VINS[0]} AND day = '2026-06-30'`);
    await db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, frames, mileage_km, online_s, invalid_count) VALUES (${T}, ${VINS[1]}, '2026-06-30', 12, 3.25, 600, 4)`);
    await markRunningDirty(db, [T, T], [VINS[0]!, VINS[1]!], ['2026-06-30', '2026-06-30']);
    await job();
    const lastDay = await rows();
    const { running, daily } = await both();
    expect(running).toEqual(daily);
    expect(running[0]!.records.find((r) => r.vin === VINS[1])!.invalidCount).toBeGreaterThanOrEqual(4);
    // Rebuilt from their first rollup row (50 days back): the same rows to the last bit.
    await markRunningDirty(db, [T, T], [VINS[0]!, VINS[1]!], ['2026-05-12', '2026-05-12']);
    await job();
    expect(await rows()).toEqual(lastDay);
  });

  it('carry every vehicle to the days after its last rollup row, as the job reaches them', async () => {
    const later = NOW + 3 * 86_400_000;
    await job(later);
    const { running, daily } = await both(later);
    expect(running).toEqual(daily);
    // The last three days have no rows: every vehicle has nothing there, and its 30 days end with them.
    expect(running[4]!.records.every((r) => r.frames === 0)).toBe(true);
    expect(running[0]!.records.some((r) => r.frames > 0)).toBe(true);
  });
});
