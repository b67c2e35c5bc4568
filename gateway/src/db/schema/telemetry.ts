import { sql } from 'drizzle-orm';
import { check, customType, doublePrecision, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
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

/** Bytes as Postgres stores them: COPY's binary format sends them as they are (no hex text to make or parse). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Raw frames as received, for message parsing (dataMessage, vehicleBigData). The bytes are in
 * `frame`; rows written before that column existed keep their hex text in `hex` (read both
 * through `rawFrameHex`).
 */
export const rawFrames = pgTable(
  'wdiov_raw_frame',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    command: integer('command').notNull(),
    receivedAt: timeColumn('received_at').notNull(),
    hex: text('hex'),
    frame: bytea('frame'),
  },
  (t) => [
    index('wdiov_raw_frame_tenant_id_vin_received_at_idx').on(t.tenantId, t.vin, t.receivedAt),
    check('wdiov_raw_frame_has_frame', sql`${t.frame} IS NOT NULL OR ${t.hex} IS NOT NULL`),
  ],
);

/** A raw frame's lowercase hex, whichever column holds it. */
export const rawFrameHex = sql<string>`coalesce(encode(${rawFrames.frame}, 'hex'), ${rawFrames.hex})`;

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
