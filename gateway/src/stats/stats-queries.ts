import { sql, type SQL } from 'drizzle-orm';
import { co2AvoidedKg, type StatsDay, type StatsSummary, type StatsTotalMile, type StatsVehicle } from '@wdiov/contracts';
import { queryRows, type Db } from '../db/client.ts';
import type { DayRange } from './stats-range.ts';
import { runningEnd, runningFigures } from './running-totals.ts';
import { summaryPerDay, type Cells } from './summary-reads.ts';

/**
 * The statistics calls' figures, summed from wdiov_stats_daily (one row per vehicle per day).
 * `fleet` is the caller's vehicles as a condition on wdiov_vehicle (tenant, logical delete,
 * data scope and the screen's vin/plate filters): a vehicle outside it is never read.
 */
export interface Fleet {
  tenantId: string;
  /** Condition on wdiov_vehicle selecting the caller's vehicles. */
  where: SQL | undefined;
  /** The same vehicles as cells of the fleet summary, when only the data scope narrows them (no screen filter). */
  cells?: Cells;
}

const round = (v: unknown, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(Number(v ?? 0) * f) / f;
};
const hours = (seconds: unknown) => round(Number(seconds ?? 0) / 3600);
const int = (v: unknown) => Number(v ?? 0);

const SUMS = sql.raw(`sum(d.frames) AS frames, sum(d.mileage_km) AS mileage, sum(d.energy_used_kwh) AS used, sum(d.energy_charged_kwh) AS charged,
  sum(d.driving_s) AS driving, sum(d.charging_s) AS charging, sum(d.online_s) AS online, sum(d.invalid_count) AS invalid,
  sum(d.abnormal_count) AS abnormal, sum(d.hop_count) AS hops, sum(d.hop_km) AS hop_km, sum(d.reset_count) AS resets,
  sum(d.alarm_l1) AS l1, sum(d.alarm_l2) AS l2, sum(d.alarm_l3) AS l3, sum(d.fault_count) AS faults,
  count(*) FILTER (WHERE d.online_s > 0) AS online_n`);

export interface StatsLeader { vin: string; plateNumber: string; mileage: number; alarmCount: number }

/** Sort keys of the per-vehicle lists (StatsVehicle fields) and what they sort by. */
const VEHICLE_SORTS: Record<string, string> = {
  vin: 'x.vehicle_vin', plateNumber: 'x.plate_number', mileage: 'mileage', energyUsed: 'used', energyCharged: 'charged',
  energyPer100Km: 'per100', drivingHours: 'driving', chargingHours: 'charging', onlineHours: 'online', offlineHours: 'online',
  onlineDays: 'online_n', offlineDays: 'online_n', frames: 'frames', invalidCount: 'invalid', abnormalCount: 'abnormal',
  invalidRate: 'invalid_rate', hopCount: 'hops', hopKm: 'hop_km', resetCount: 'resets', alarmCount: 'alarms', faultCount: 'faults',
};
/** Keys whose order is the inverse of the column they sort by. */
const INVERSE = new Set(['offlineHours', 'offlineDays']);

export const isVehicleSort = (key: string) => Object.hasOwn(VEHICLE_SORTS, key);

const fleetVins = (fleet: Fleet) => sql`SELECT vin FROM wdiov_vehicle WHERE ${fleet.where ?? sql`true`}`;

export class StatsQueries {
  constructor(private readonly db: Db) {}

  /** Fleet size: the caller's vehicles. */
  async vehicles(fleet: Fleet): Promise<number> {
    const [r] = await queryRows<{ n: unknown }>(this.db, sql`SELECT count(*) AS n FROM wdiov_vehicle WHERE ${fleet.where ?? sql`true`}`);
    return int(r?.n);
  }

  /** Every day of the range, summed over the fleet (days without rows are zeros): from the summary when it answers. */
  async perDay(fleet: Fleet, range: DayRange): Promise<StatsDay[]> {
    if (fleet.cells) {
      const summary = await summaryPerDay(this.db, fleet.tenantId, fleet.where, fleet.cells, range);
      if (summary.fresh) return daysOf(range, summary.rows, summary.vehicles);
    }
    const [rows, vehicles] = await Promise.all([
      queryRows<Record<string, unknown>>(this.db, sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${SUMS} FROM wdiov_stats_daily d
        WHERE d.tenant_id = ${fleet.tenantId} AND d.day BETWEEN ${range.from}::date AND ${range.to}::date AND d.vin IN (${fleetVins(fleet)})
        GROUP BY d.day`),
      this.vehicles(fleet),
    ]);
    return daysOf(range, rows, vehicles);
  }

  /** One day's summary (large screen: today and yesterday). */
  async summary(fleet: Fleet, range: DayRange): Promise<StatsSummary> {
    const [d] = await this.perDay(fleet, { ...range, days: [range.to], from: range.to });
    return {
      date: d!.date, mileage: d!.mileage, energyUsed: d!.energyUsed, energyCharged: d!.energyCharged, reduceEmission: d!.reduceEmission,
      onlineVehicles: d!.onlineVehicles, vehicles: d!.vehicles, alarmCount: d!.alarmCount, faultCount: d!.faultCount,
    };
  }

  /** The fleet's vehicles with their figures over the range, a page of them in the asked order. */
  async perVehicle(fleet: Fleet, range: DayRange, page: { current: number; size: number; sort: { key: string; asc: boolean }[] }): Promise<{ records: StatsVehicle[]; total: number }> {
    const order = page.sort.filter((s) => isVehicleSort(s.key))
      .map((s) => {
        const column = VEHICLE_SORTS[s.key]!;
        // A vehicle without rollup rows in the range has zeros (it is the first of the offline lists).
        return `${column.includes('.') ? column : `coalesce(x.${column}, 0)`} ${s.asc !== INVERSE.has(s.key) ? 'ASC' : 'DESC'}`;
      });
    const orderBy = sql.raw([...order, 'x.vehicle_vin ASC'].join(', '));
    // Each vehicle's figures: two lookups in its running totals when they are up to date, else its rollup rows summed
    // (`only`: a condition on their vin, so the page's figures are read for its vehicles alone).
    const end = await runningEnd(this.db, fleet.tenantId);
    const figures = (only: (vin: SQL) => SQL = () => sql`true`) => end !== undefined ? runningFigures(fleet.tenantId, range, end, only)
      : sql`LEFT JOIN (SELECT d.vin, ${SUMS} FROM wdiov_stats_daily d
        WHERE d.tenant_id = ${fleet.tenantId} AND d.day BETWEEN ${range.from}::date AND ${range.to}::date AND ${only(sql.raw('d.vin'))}
        GROUP BY d.vin) d ON d.vin = wdiov_vehicle.vin`;
    const vehiclesWith = (figured: SQL, also: SQL = sql`true`) => sql`SELECT d.*, wdiov_vehicle.vin AS vehicle_vin, wdiov_vehicle.plate_number,
        coalesce(d.l1 + d.l2 + d.l3, 0) AS alarms,
        CASE WHEN d.mileage > 0 THEN d.used * 100 / d.mileage ELSE 0 END AS per100,
        CASE WHEN d.frames > 0 THEN d.invalid::float8 / d.frames ELSE 0 END AS invalid_rate
      FROM wdiov_vehicle ${figured} WHERE ${fleet.where ?? sql`true`} AND ${also}`;
    // The page is chosen over the whole fleet reading only what it is sorted by (the planner drops the
    // figures no one reads: one difference per vehicle instead of seventeen), then its vehicles' figures are read.
    const inPage = (vin: SQL) => sql`${vin} IN (SELECT vehicle_vin FROM page)`;
    const rows = await queryRows<Record<string, unknown>>(this.db, sql`
      WITH page AS MATERIALIZED (SELECT x.vehicle_vin, count(*) OVER () AS total FROM (${vehiclesWith(figures())}) x
        ORDER BY ${orderBy} LIMIT ${page.size} OFFSET ${(page.current - 1) * page.size})
      SELECT x.*, page.total FROM page JOIN (${vehiclesWith(figures(inPage), inPage(sql.raw('wdiov_vehicle.vin')))}) x ON x.vehicle_vin = page.vehicle_vin
      ORDER BY ${orderBy}`);
    const spanHours = range.elapsedHours;
    const records = rows.map((r): StatsVehicle => {
      const onlineDays = int(r.online_n);
      const onlineHours = hours(r.online);
      return {
        vin: String(r.vehicle_vin), plateNumber: String(r.plate_number ?? ''), days: range.days.length, onlineDays,
        offlineDays: Math.max(0, range.days.length - onlineDays),
        mileage: round(r.mileage), energyUsed: round(r.used), energyCharged: round(r.charged), energyPer100Km: round(r.per100),
        drivingHours: hours(r.driving), chargingHours: hours(r.charging), onlineHours, offlineHours: round(Math.max(0, spanHours - onlineHours)),
        frames: int(r.frames), invalidCount: int(r.invalid), abnormalCount: int(r.abnormal), invalidRate: round(Number(r.invalid_rate ?? 0) * 100),
        hopCount: int(r.hops), hopKm: round(r.hop_km), resetCount: int(r.resets), alarmCount: int(r.alarms), faultCount: int(r.faults),
      };
    });
    return { records, total: rows.length > 0 ? int(rows[0]!.total) : page.current === 1 ? 0 : await this.vehicles(fleet) };
  }

  /**
   * The fleet's size and the sum of its odometers (each vehicle's last valid reading the job saw),
   * with its VINs when asked: one row back, the VINs as one JSON array, not a row per vehicle.
   */
  async fleetTotals(fleet: Fleet, withVins = false): Promise<{ vehicles: number; odometerKm: number; vins: Set<string> }> {
    const [r] = await queryRows<{ n: unknown; km: unknown; vins: unknown }>(this.db, sql`SELECT count(*) AS n, coalesce(sum(c.odometer_km), 0) AS km,
        coalesce(json_agg(wdiov_vehicle.vin) FILTER (WHERE ${withVins}), '[]') AS vins
      FROM wdiov_vehicle LEFT JOIN wdiov_stats_cursor c ON c.tenant_id = wdiov_vehicle.tenant_id AND c.vin = wdiov_vehicle.vin
      WHERE ${fleet.where ?? sql`true`}`);
    const vins = typeof r?.vins === 'string' ? JSON.parse(r.vins) : r?.vins;
    return { vehicles: int(r?.n), odometerKm: Number(r?.km ?? 0), vins: new Set(Array.isArray(vins) ? vins.map(String) : []) };
  }

  /**
   * One day's leading vehicles: most alarms (then mileage) among those with alarms, most mileage.
   * Each list is read in index order and stops at `top` (the rows with events by day; the day's
   * rows by mileage), not over the day's every row; VINs tie-break bytewise.
   */
  async leadersOf(fleet: Fleet, day: string, top: number): Promise<{ alarms: StatsLeader[]; mileage: StatsLeader[] }> {
    const ofDay = sql`FROM wdiov_stats_daily d JOIN wdiov_vehicle ON wdiov_vehicle.tenant_id = d.tenant_id AND wdiov_vehicle.vin = d.vin
      WHERE d.tenant_id = ${fleet.tenantId} AND d.day = ${day}::date AND ${fleet.where ?? sql`true`}`;
    const cols = sql`d.vin, wdiov_vehicle.plate_number, d.mileage_km, d.alarm_l1 + d.alarm_l2 + d.alarm_l3 AS alarms`;
    // The alarm list's condition repeats the partial index's (wdiov_stats_daily_event_day_idx), so the planner takes it.
    const rows = await queryRows<Record<string, unknown>>(this.db, sql`(SELECT 'alarms' AS board, ${cols} ${ofDay}
        AND (d.alarm_l1 > 0 OR d.alarm_l2 > 0 OR d.alarm_l3 > 0 OR d.fault_count > 0) AND d.alarm_l1 + d.alarm_l2 + d.alarm_l3 > 0
        ORDER BY alarms DESC, d.mileage_km DESC, d.vin COLLATE "C" LIMIT ${top})
      UNION ALL (SELECT 'mileage', ${cols} ${ofDay} ORDER BY d.mileage_km DESC, d.vin COLLATE "C" LIMIT ${top})`);
    const of = (board: string) => rows.filter((r) => r.board === board)
      .map((r): StatsLeader => ({ vin: String(r.vin), plateNumber: String(r.plate_number ?? ''), mileage: round(r.mileage_km), alarmCount: int(r.alarms) }));
    return { alarms: of('alarms'), mileage: of('mileage') };
  }

  /** Fleet total mileage (odometers), today's mileage, the vehicles with most alarms in the range. */
  async totalMile(fleet: Fleet, range: DayRange, top = 10): Promise<StatsTotalMile> {
    const [totals, [today], leaders] = await Promise.all([
      this.fleetTotals(fleet),
      queryRows<Record<string, unknown>>(this.db, sql`SELECT coalesce(sum(d.mileage_km), 0) AS km FROM wdiov_stats_daily d
        WHERE d.tenant_id = ${fleet.tenantId} AND d.day = ${range.to}::date AND d.vin IN (${fleetVins(fleet)})`),
      this.perVehicle(fleet, range, { current: 1, size: top, sort: [{ key: 'alarmCount', asc: false }, { key: 'mileage', asc: false }] }),
    ]);
    return {
      totalMileage: round(totals.odometerKm), todayMileage: round(today?.km), vehicles: totals.vehicles,
      top: leaders.records.map((r) => ({ vin: r.vin, plateNumber: r.plateNumber, mileage: r.mileage, alarmCount: r.alarmCount })),
    };
  }
}

function daysOf(range: DayRange, rows: Record<string, unknown>[], vehicles: number): StatsDay[] {
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  return range.days.map((date) => dayOf(date, byDay.get(date) ?? {}, vehicles));
}

function dayOf(date: string, r: Record<string, unknown>, vehicles: number): StatsDay {
  const online = int(r.online_n);
  const [l1, l2, l3] = [int(r.l1), int(r.l2), int(r.l3)];
  const mileage = round(r.mileage);
  const used = round(r.used);
  return {
    date, mileage, energyUsed: used, energyCharged: round(r.charged), drivingHours: hours(r.driving), chargingHours: hours(r.charging),
    onlineHours: hours(r.online), onlineVehicles: online, vehicles, onlineRate: vehicles ? round((online / vehicles) * 100) : 0,
    offlineVehicles: Math.max(0, vehicles - online), frames: int(r.frames), invalidCount: int(r.invalid), abnormalCount: int(r.abnormal),
    hopCount: int(r.hops), hopKm: round(r.hop_km), alarmCount: l1 + l2 + l3, alarmLevel1: l1, alarmLevel2: l2, alarmLevel3: l3,
    faultCount: int(r.faults), reduceEmission: round(co2AvoidedKg(Number(r.mileage ?? 0), Number(r.used ?? 0))),
  };
}
