import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * What each vehicle did per day (the console's zone), kept up to date by the rollup job
 * (gateway/src/stats/rollup-job.ts) from position history and the alarm and fault rows.
 * Every statistics call answers from here, never from a scan of raw history.
 */
export const statsDaily = pgTable(
  'wdiov_stats_daily',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    frames: integer('frames').notNull().default(0),
    mileageKm: doublePrecision('mileage_km').notNull().default(0),
    energyUsedKwh: doublePrecision('energy_used_kwh').notNull().default(0),
    energyChargedKwh: doublePrecision('energy_charged_kwh').notNull().default(0),
    drivingS: doublePrecision('driving_s').notNull().default(0),
    chargingS: doublePrecision('charging_s').notNull().default(0),
    onlineS: doublePrecision('online_s').notNull().default(0),
    offlineS: doublePrecision('offline_s').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    abnormalCount: integer('abnormal_count').notNull().default(0),
    hopCount: integer('hop_count').notNull().default(0),
    hopKm: doublePrecision('hop_km').notNull().default(0),
    resetCount: integer('reset_count').notNull().default(0),
    alarmL1: integer('alarm_l1').notNull().default(0),
    alarmL2: integer('alarm_l2').notNull().default(0),
    alarmL3: integer('alarm_l3').notNull().default(0),
    faultCount: integer('fault_count').notNull().default(0),
  },
  // Newest day first, then VIN: the order of vehicleReport/page, read from the index a page at a time.
  // The rows holding events, by day: the job's recount of the last days reads them across tenants, the large screen its top by alarms.
  // A day's rows by mileage: the large screen's top by mileage reads its first rows, not the fleet's.
  (t) => [primaryKey({ columns: [t.tenantId, t.vin, t.day] }), index('wdiov_stats_daily_tenant_id_day_vin_idx').on(t.tenantId, t.day.desc(), t.vin),
    index('wdiov_stats_daily_event_day_idx').on(t.day).where(sql`${t.alarmL1} > 0 OR ${t.alarmL2} > 0 OR ${t.alarmL3} > 0 OR ${t.faultCount} > 0`),
    index('wdiov_stats_daily_tenant_id_day_mileage_idx').on(t.tenantId, t.day, t.mileageKm)],
);

/** The rollup's figures summed over many rows (per cell and day, per vehicle up to a day): wide integers. */
const summedColumns = () => ({
    frames: bigint('frames', { mode: 'number' }).notNull().default(0),
    mileageKm: doublePrecision('mileage_km').notNull().default(0),
    energyUsedKwh: doublePrecision('energy_used_kwh').notNull().default(0),
    energyChargedKwh: doublePrecision('energy_charged_kwh').notNull().default(0),
    drivingS: doublePrecision('driving_s').notNull().default(0),
    chargingS: doublePrecision('charging_s').notNull().default(0),
    onlineS: doublePrecision('online_s').notNull().default(0),
    offlineS: doublePrecision('offline_s').notNull().default(0),
    invalidCount: bigint('invalid_count', { mode: 'number' }).notNull().default(0),
    abnormalCount: bigint('abnormal_count', { mode: 'number' }).notNull().default(0),
    hopCount: bigint('hop_count', { mode: 'number' }).notNull().default(0),
    hopKm: doublePrecision('hop_km').notNull().default(0),
    resetCount: bigint('reset_count', { mode: 'number' }).notNull().default(0),
    alarmL1: bigint('alarm_l1', { mode: 'number' }).notNull().default(0),
    alarmL2: bigint('alarm_l2', { mode: 'number' }).notNull().default(0),
    alarmL3: bigint('alarm_l3', { mode: 'number' }).notNull().default(0),
    faultCount: bigint('fault_count', { mode: 'number' }).notNull().default(0),
});

/**
 * wdiov_stats_daily summed per day over the vehicles of one "cell": those sharing the creating
 * dept and user, the only vehicle columns a data scope narrows on. A caller's fleet figures
 * are the sum of the cells its scope admits (the scope's condition applied to these columns), a
 * few rows per day instead of one per vehicle. A vehicle without a creating dept or user is in
 * cell -1, which no scope names. Rebuilt per day from wdiov_stats_daily by the rollup job.
 */
export const statsFleetDaily = pgTable(
  'wdiov_stats_fleet_daily',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createDept: idColumn('create_dept').notNull(),
    createUser: idColumn('create_user').notNull(),
    /** Rollup rows (vehicle-days) summed here: vehicleReport's total. */
    vehicleDays: integer('vehicle_days').notNull().default(0),
    /** Vehicles with online time that day. */
    onlineVehicles: integer('online_vehicles').notNull().default(0),
    ...summedColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.createDept, t.createUser] })],
);

/**
 * The cell each live vehicle was summed into when wdiov_stats_fleet_daily was last rebuilt. A
 * vehicle deleted, added or moved to another cell since makes the summary stale for its tenant:
 * the calls then read wdiov_stats_daily, and the job's next run rebuilds the vehicle's days.
 */
export const statsMember = pgTable(
  'wdiov_stats_member',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    createDept: idColumn('create_dept').notNull(),
    createUser: idColumn('create_user').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.vin] })],
);

/** Days whose rollup rows changed since the summary of that day was rebuilt. */
export const statsDirtyDay = pgTable(
  'wdiov_stats_dirty_day',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

/**
 * Where the rollup job stopped for each vehicle: the time of the last position it counted and
 * what it needs to continue from there (the last valid odometer, the readings held since the
 * last frame). Written in the same transaction as the rollup rows, so a rerun counts nothing twice.
 */
export const statsCursor = pgTable(
  'wdiov_stats_cursor',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    ts: timeColumn('ts').notNull(),
    odometerKm: doublePrecision('odometer_km'),
    odometerTs: timeColumn('odometer_ts'),
    speed: doublePrecision('speed'),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    state: smallint('state'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.vin] })],
);

/** Watermarks of the rollup job that are not per vehicle (the alarm and fault recount). */
export const statsJob = pgTable('wdiov_stats_job', {
  name: varchar('name', { length: 32 }).primaryKey(),
  at: timeColumn('at').notNull(),
});

/**
 * Share links of the large screen: a signed, expiring token names one of these rows; the row
 * can be revoked before the token expires. A link shows its tenant's large-screen figures only.
 */
export const statsShare = pgTable(
  'wdiov_stats_share',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    createUser: idColumn('create_user'),
    createTime: timeColumn('create_time').notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
    revokedAt: timeColumn('revoked_at'),
    remark: varchar('remark', { length: 100 }),
  },
  (t) => [index('wdiov_stats_share_tenant_id_idx').on(t.tenantId)],
);

/**
 * Running totals of wdiov_stats_daily per vehicle: each row holds the sums of the vehicle's
 * rollup rows up to and including its day, one row for every day from its first rollup row to
 * the job's last day (days without a rollup row repeat the day before), so the fleet's figures
 * over any range are two days' rows (the range's end minus the day before its start), read by
 * day, instead of a sum over every day. Rebuilt by the rollup job from the earliest day whose
 * rollup row changed (wdiov_stats_running_dirty), carried to each new day by the job.
 */
export const statsRunning = pgTable(
  'wdiov_stats_running',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Days with online time up to this one. */
    onlineDays: integer('online_days').notNull().default(0),
    ...summedColumns(),
  },
  // By day first: the reads take two days of one tenant, the job carries the last day forward.
  (t) => [primaryKey({ columns: [t.tenantId, t.vin, t.day] }), index('wdiov_stats_running_day_tenant_id_idx').on(t.day, t.tenantId)],
);

/** Vehicles whose running totals are stale from `day` on (the earliest rollup row written since their rebuild). */
export const statsRunningDirty = pgTable(
  'wdiov_stats_running_dirty',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.vin] })],
);
