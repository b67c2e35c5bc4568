import { doublePrecision, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * Position history for track playback and history data: one row per live or reissued
 * snapshot. Written in batches; read by vehicle and time range, hence the index.
 */
export const positions = pgTable(
  'wdiov_position',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    ts: timeColumn('ts').notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    speed: doublePrecision('speed'),
    soc: doublePrecision('soc'),
    mileage: doublePrecision('mileage'),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    heading: smallint('heading'),
    state: smallint('state'),
    alarmLevel: smallint('alarm_level'),
    reissue: smallint('reissue').notNull().default(0),
  },
  (t) => [index('wdiov_position_tenant_id_vin_ts_idx').on(t.tenantId, t.vin, t.ts)],
);

/** Raw frames as received, for message parsing (dataMessage, vehicleBigData). */
export const rawFrames = pgTable(
  'wdiov_raw_frame',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    command: integer('command').notNull(),
    receivedAt: timeColumn('received_at').notNull(),
    hex: text('hex').notNull(),
  },
  (t) => [index('wdiov_raw_frame_tenant_id_vin_received_at_idx').on(t.tenantId, t.vin, t.receivedAt)],
);

/**
 * The stream messages (raw-frame batches) already written, by a key each message carries (its
 * first frame's row id). Written in the same transaction as the message's rows, so a message
 * delivered again after a crash between write and ack is recognised and skipped as a whole,
 * and the rows themselves go in by plain COPY. Keys older than a day are pruned.
 */
export const persistedBatches = pgTable('wdiov_persisted_batch', {
  id: idColumn('id').primaryKey(),
  writtenAt: timeColumn('written_at').notNull().defaultNow(),
});
