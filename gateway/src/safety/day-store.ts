import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { numbered } from '../stats/numbered-sql.ts';
import { DUTY_ITEMS, MATRIX_ITEMS, emptyTotals, type DayTotals } from './day-totals.ts';

/** A vehicle-day delta to add to wdiov_safety_daily. */
export interface DayDelta {
  tenantId: string;
  vin: string;
  day: string;
  totals: DayTotals;
}

const DUTY = DUTY_ITEMS.flatMap((i) => [`${i.toLowerCase()}_read_s`, `${i.toLowerCase()}_hot_s`]);
const COUNTS = ['frames', 'insulation_low', 'charge_samples', 'charge_range_sq', 'sampling_faults', ...MATRIX_ITEMS.map((i) => `${i.toLowerCase()}_episodes`), ...DUTY];
const LONGEST = MATRIX_ITEMS.map((i) => `${i.toLowerCase()}_longest_s`);
const TYPES = ['int', 'int', 'int', 'float8', 'int', 'int', 'int', 'int', 'int', ...DUTY.map(() => 'float8')];

const countsOf = (t: DayTotals) => [
  t.frames, t.insulationLow, t.chargeSamples, t.chargeRangeSq, t.samplingFaults, ...MATRIX_ITEMS.map((i) => t.episodes[i]),
  ...DUTY_ITEMS.flatMap((i) => [t.dutyReadS[i], t.dutyHotS[i]]),
];
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
  for (const i of DUTY_ITEMS) {
    t.dutyReadS[i] = Number(r[`${i.toLowerCase()}_read_s`] ?? 0);
    t.dutyHotS[i] = Number(r[`${i.toLowerCase()}_hot_s`] ?? 0);
  }
  t.lastTime = ms(r.last_time);
  t.lastSoc = r.last_soc === null || r.last_soc === undefined ? null : Number(r.last_soc);
  t.offSince = ms(r.off_since);
  t.lastLng = r.last_lng === null || r.last_lng === undefined ? null : Number(r.last_lng);
  t.lastLat = r.last_lat === null || r.last_lat === undefined ? null : Number(r.last_lat);
  return t;
}

/** One vehicle-day to load: its key in the batch is `tenant|vin|day`. */
export interface DayKey {
  tenantId: string;
  vin: string;
  day: string;
}
export interface LoadedDay {
  stored: DayTotals;
  latest: DayTotals | undefined;
}
export const dayKeyId = (k: DayKey) => `${k.tenantId}|${k.vin}|${k.day}`;

/**
 * For each vehicle-day: its stored row (zeros when there is none) and the vehicle's newest row
 * up to it, if any; one query for the whole batch.
 */
export async function loadDays(db: Db, keys: readonly DayKey[]): Promise<Map<string, LoadedDay>> {
  const rows = await queryRows<Row>(db, sql`SELECT k.i::int AS i, d.*, to_char(d.day, 'YYYY-MM-DD') AS day_text
    FROM unnest(${sql.param(keys.map((k) => k.tenantId))}::varchar[], ${sql.param(keys.map((k) => k.vin))}::varchar[], ${sql.param(keys.map((k) => k.day))}::date[])
      WITH ORDINALITY AS k(tenant_id, vin, day, i)
    CROSS JOIN LATERAL (SELECT * FROM wdiov_safety_daily s WHERE s.tenant_id = k.tenant_id AND s.vin = k.vin AND s.day <= k.day ORDER BY s.day DESC LIMIT 2) d`);
  const byKey = new Map<number, Row[]>();
  for (const r of rows) {
    const list = byKey.get(Number(r.i));
    if (list) list.push(r);
    else byKey.set(Number(r.i), [r]);
  }
  const out = new Map<string, LoadedDay>();
  keys.forEach((k, index) => {
    const found = (byKey.get(index + 1) ?? []).sort((a, b) => String(b.day_text).localeCompare(String(a.day_text)));
    const today = found[0] && found[0].day_text === k.day ? found[0] : undefined;
    const latest = found.find((r) => r !== today);
    out.set(dayKeyId(k), { stored: today ? totalsOf(today) : emptyTotals(), latest: today ? totalsOf(today) : latest ? totalsOf(latest) : undefined });
  });
  return out;
}

/** A vehicle whose pack chemistry to load: its key in the batch is `tenant|vin`. */
export interface VehicleKey {
  tenantId: string;
  vin: string;
}
export const vehicleKeyId = (k: VehicleKey) => `${k.tenantId}|${k.vin}`;

/** The chemistry code of each vehicle's battery pack (GB/T 32960.3 type code) that has one; one query for the batch. */
export async function packChemistries(db: Db, keys: readonly VehicleKey[]): Promise<Map<string, string | undefined>> {
  const rows = await queryRows<{ tenant_id: string; vin: string; chemistry: string | null }>(db, sql`SELECT DISTINCT ON (v.tenant_id, v.vin) v.tenant_id, v.vin, p.chemistry
    FROM unnest(${sql.param(keys.map((k) => k.tenantId))}::varchar[], ${sql.param(keys.map((k) => k.vin))}::varchar[]) AS k(tenant_id, vin)
    JOIN wdiov_vehicle v ON v.tenant_id = k.tenant_id AND v.vin = k.vin AND v.is_deleted = 0
    JOIN wdiov_battery_pack p ON p.id = v.battery_pack_id AND p.is_deleted = 0
    ORDER BY v.tenant_id, v.vin, v.id`);
  return new Map(rows.map((r) => [vehicleKeyId({ tenantId: r.tenant_id, vin: r.vin }), r.chemistry ?? undefined]));
}
