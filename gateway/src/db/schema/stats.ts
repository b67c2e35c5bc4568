import { date, doublePrecision, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
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
  (t) => [primaryKey({ columns: [t.tenantId, t.vin, t.day] }), index('wdiov_stats_daily_tenant_id_day_idx').on(t.tenantId, t.day)],
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
