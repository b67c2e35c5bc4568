import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { numbered } from '../stats/numbered-sql.ts';
import { MATRIX_ITEMS, emptyTotals, type DayTotals } from './day-totals.ts';

/** A vehicle-day delta to add to wdiov_safety_daily. */
export interface DayDelta {
  tenantId: string;
  vin: string;
  day: string;
  totals: DayTotals;
}

const COUNTS = ['frames', 'insulation_low', 'charge_samples', 'charge_range_sq', 'sampling_faults', ...MATRIX_ITEMS.map((i) => `${i.toLowerCase()}_episodes`)];
const LONGEST = MATRIX_ITEMS.map((i) => `${i.toLowerCase()}_longest_s`);
const TYPES = ['int', 'int', 'int', 'float8', 'int', 'int', 'int', 'int', 'int'];

const countsOf = (t: DayTotals) => [t.frames, t.insulationLow, t.chargeSamples, t.chargeRangeSq, t.samplingFaults, ...MATRIX_ITEMS.map((i) => t.episodes[i])];
const at = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The newest frame's columns: set from the delta when its frame is the row's newest (a reading it lacked keeps the stored one; off_since null means on). */
const LAST: [string, string, boolean][] = [['last_soc', 'float8', true], ['off_since', 'timestamptz', false], ['last_lng', 'float8', true], ['last_lat', 'float8', true]];
const newest = (c: string, keep: boolean) => (keep ? `coalesce(excluded.${c}, wdiov_safety_daily.${c})` : `excluded.${c}`);
const n0 = 4 + COUNTS.length + LONGEST.length;

const UPSERT = `INSERT INTO wdiov_safety_daily (tenant_id, vin, day, ${COUNTS.join(', ')}, ${LONGEST.join(', ')}, last_time, ${LAST.map(([c]) => c).join(', ')})
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::date[], ${COUNTS.map((_, i) => `$${i + 4}::${TYPES[i]}[]`).join(', ')},
    ${LONGEST.map((_, i) => `$${i + 4 + COUNTS.length}::float8[]`).join(', ')},
    $${n0}::timestamptz[], ${LAST.map(([, type], i) => `$${n0 + 1 + i}::${type}[]`).join(', ')})
  ON CONFLICT (tenant_id, vin, day) DO UPDATE SET
    ${COUNTS.map((c) => `${c} = wdiov_safety_daily.${c} + excluded.${c}`).join(', ')},
    ${LONGEST.map((c) => `${c} = greatest(wdiov_safety_daily.${c}, excluded.${c})`).join(', ')},
    last_time = greatest(wdiov_safety_daily.last_time, excluded.last_time),
    ${LAST.map(([c, , keep]) => `${c} = CASE WHEN wdiov_safety_daily.last_time IS NULL OR excluded.last_time >= wdiov_safety_daily.last_time THEN ${newest(c, keep)} ELSE wdiov_safety_daily.${c} END`).join(',\n    ')}`;

/** Adds the deltas to their rows in one statement (several gateways add their shares side by side). */
export async function addDays(db: Db, deltas: readonly DayDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const columns: unknown[][] = [[], [], []];
  const counts = COUNTS.map(() => [] as number[]);
  const longest = LONGEST.map(() => [] as number[]);
  const last: unknown[][] = [[], [], [], [], []];
  for (const d of deltas) {
    columns[0]!.push(d.tenantId);
    columns[1]!.push(d.vin);
    columns[2]!.push(d.day);
    countsOf(d.totals).forEach((v, i) => counts[i]!.push(v));
    MATRIX_ITEMS.forEach((item, i) => longest[i]!.push(d.totals.longestS[item]));
    last[0]!.push(at(d.totals.lastTime));
    last[1]!.push(d.totals.lastSoc);
    last[2]!.push(at(d.totals.offSince));
    last[3]!.push(d.totals.lastLng);
    last[4]!.push(d.totals.lastLat);
  }
  await db.execute(numbered(UPSERT, [...columns, ...counts, ...longest, ...last]));
}

type Row = Record<string, unknown>;
const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).getTime());

function totalsOf(r: Row): DayTotals {
  const t = emptyTotals();
  t.frames = Number(r.frames);
  t.insulationLow = Number(r.insulation_low);
  t.chargeSamples = Number(r.charge_samples);
  t.chargeRangeSq = Number(r.charge_range_sq);
  t.samplingFaults = Number(r.sampling_faults);
  for (const i of MATRIX_ITEMS) {
    t.episodes[i] = Number(r[`${i.toLowerCase()}_episodes`]);
    t.longestS[i] = Number(r[`${i.toLowerCase()}_longest_s`]);
  }
  t.lastTime = ms(r.last_time);
  t.lastSoc = r.last_soc === null || r.last_soc === undefined ? null : Number(r.last_soc);
  t.offSince = ms(r.off_since);
  t.lastLng = r.last_lng === null || r.last_lng === undefined ? null : Number(r.last_lng);
  t.lastLat = r.last_lat === null || r.last_lat === undefined ? null : Number(r.last_lat);
  return t;
}

/** The stored row of a vehicle-day (zeros when there is none) and the vehicle's newest row before it, if any. */
export async function loadDay(db: Db, tenantId: string, vin: string, day: string): Promise<{ stored: DayTotals; latest: DayTotals | undefined }> {
  const rows = await queryRows<Row>(db, sql`SELECT *, to_char(day, 'YYYY-MM-DD') AS day_text FROM wdiov_safety_daily WHERE tenant_id = ${tenantId} AND vin = ${vin} AND day <= ${day}::date
    ORDER BY day DESC LIMIT 2`);
  const today = rows[0] && rows[0].day_text === day ? rows[0] : undefined;
  const latest = rows.find((r) => r !== today);
  return { stored: today ? totalsOf(today) : emptyTotals(), latest: today ? totalsOf(today) : latest ? totalsOf(latest) : undefined };
}

/** The chemistry code of a vehicle's battery pack (GB/T 32960.3 type code), or undefined. */
export async function packChemistry(db: Db, tenantId: string, vin: string): Promise<string | undefined> {
  const [row] = await queryRows<{ chemistry: string | null }>(db, sql`SELECT p.chemistry FROM wdiov_vehicle v
    JOIN wdiov_battery_pack p ON p.id = v.battery_pack_id AND p.is_deleted = 0
    WHERE v.tenant_id = ${tenantId} AND v.vin = ${vin} AND v.is_deleted = 0 LIMIT 1`);
  return row?.chemistry ?? undefined;
}
