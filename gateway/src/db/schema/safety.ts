import { date, doublePrecision, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../table-from-entity.ts';

/**
 * What the GB/T 45688 hidden-danger models read, per vehicle per day (the console's zone), kept
 * by the safety monitor (gateway/src/safety) as frames arrive: counts are added, longest
 * passes and the latest frame kept by their maximum, so several gateways can each add their
 * share. No model ever reads raw history.
 */
export const safetyDaily = pgTable(
  'wdiov_safety_daily',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    frames: integer('frames').notNull().default(0),
    /** C.9: frames with insulation at or below r_T. */
    insulationLow: integer('insulation_low').notNull().default(0),
    /** C.3: charging samples with both extremes, and the sum of their (Vmax − Vmin)². */
    chargeSamples: integer('charge_samples').notNull().default(0),
    chargeRangeSq: doublePrecision('charge_range_sq').notNull().default(0),
    /** C.10: frames showing the broken-sense-wire pattern. */
    samplingFaults: integer('sampling_faults').notNull().default(0),
    /** C.1, C.2, C.4, C.5: passes of the matrix threshold in a day, how many began and the longest (s). */
    c1Episodes: integer('c1_episodes').notNull().default(0),
    c1LongestS: doublePrecision('c1_longest_s').notNull().default(0),
    c2Episodes: integer('c2_episodes').notNull().default(0),
    c2LongestS: doublePrecision('c2_longest_s').notNull().default(0),
    c4Episodes: integer('c4_episodes').notNull().default(0),
    c4LongestS: doublePrecision('c4_longest_s').notNull().default(0),
    c5Episodes: integer('c5_episodes').notNull().default(0),
    c5LongestS: doublePrecision('c5_longest_s').notNull().default(0),
    /** C.6–C.8: the day's running time with a motor, controller or DC/DC reading, and the part above T0 (s). */
    c6ReadS: doublePrecision('c6_read_s').notNull().default(0),
    c6HotS: doublePrecision('c6_hot_s').notNull().default(0),
    c7ReadS: doublePrecision('c7_read_s').notNull().default(0),
    c7HotS: doublePrecision('c7_hot_s').notNull().default(0),
    c8ReadS: doublePrecision('c8_read_s').notNull().default(0),
    c8HotS: doublePrecision('c8_hot_s').notNull().default(0),
    /** C.11, C.12: the newest frame of the day, its SOC and fix, and since when the vehicle had been switched off then (null: it was on). */
    lastTime: timestamp('last_time', { withTimezone: true }),
    lastSoc: doublePrecision('last_soc'),
    offSince: timestamp('off_since', { withTimezone: true }),
    lastLng: doublePrecision('last_lng'),
    lastLat: doublePrecision('last_lat'),
  },
  // A vehicle's newest day first: the C.11 sweep reads each vehicle's latest row from the key.
  (t) => [primaryKey({ columns: [t.tenantId, t.vin, t.day] })],
);

/**
 * The vehicle models now escalated under GB/T 45688 Annex D (kind `fault`: Table D.1 row 4,
 * `danger`: Table D.2 row 3), kept by the daily model-level job: a row appears when a model
 * passes its percent, and that run writes the tenant's notice; it is removed when the model
 * falls back, so a later crossing notifies again. The key makes a second gateway's run of the
 * same day find the row and write no second notice.
 */
export const safetyModelEscalation = pgTable(
  'wdiov_safety_model_escalation',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vehicleModelId: idColumn('vehicle_model_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The ratio (0…1) at the run that found it escalated. */
    ratio: doublePrecision('ratio').notNull(),
    escalatedTime: timestamp('escalated_time', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.vehicleModelId, t.kind] })],
);
