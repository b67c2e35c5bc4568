import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Telemetry } from '@wdiov/contracts';
import { queryRows } from '../db/client.ts';
import { rawFrameHex } from '../db/schema/index.ts';
import { freshDatabase } from '../../test/test-gateway.ts';
import { rawFrameRows, type RawFrameRow } from '../ingest/raw-frame-persister.ts';
import { positionRows } from './position-writer.ts';
import { bulkWriter, copyWrite, KEY_RETENTION_MS, pruneKeys, tableRows } from './staged-copy.ts';

const row = (id: number, vin: string): RawFrameRow => ({ id: String(id), tenantId: '000000', vin, command: 2, receivedAt: 1_700_000_000_000 + id, frame: Uint8Array.of(0x23, 0x23, 0x0a, 0x5c, id & 0xff) });
const hexOf = (frame: RawFrameRow['frame']) => Buffer.from(frame).toString('hex');
const message = (key: number, rows: RawFrameRow[], positions: Telemetry[] = []) => ({ key: String(key), tables: [tableRows(rawFrameRows, rows), tableRows(positionRows, positions)] });
const snapshot = (vin: string, ts: number) => ({ tenantId: '000000', vin, plate: '', ts, lng: 114, lat: 22, heading: 0, state: 1, alarmLevel: 0, reissue: false }) as unknown as Telemetry;

// COPY needs a Postgres server: this runs in the suite's Postgres run (TEST_DATABASE_URL).
const run = Boolean(process.env.TEST_DATABASE_URL);
if (!run) console.log('COPY write tests skipped: they run with TEST_DATABASE_URL (the Postgres run)');

describe.runIf(run)('COPY writes on Postgres', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase();
    pool = (db.database.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(() => db?.dispose());
  const stored = (vin: string) => queryRows<{ id: string; vin: string; hex: string }>(db.database.db, sql`SELECT id::text, vin, ${rawFrameHex} AS hex FROM wdiov_raw_frame WHERE vin LIKE ${vin + '%'} ORDER BY id`);
  const positions = (vin: string) => queryRows<{ ms: string }>(db.database.db, sql`SELECT (extract(epoch FROM ts) * 1000)::bigint::text AS ms FROM wdiov_position WHERE vin = ${vin} ORDER BY ts`);
  const keys = async () => (await queryRows<{ id: string }>(db.database.db, sql`SELECT id::text FROM wdiov_persisted_batch ORDER BY id`)).map((r) => r.id);

  it('stores rows with separators and backslashes as they were; a message written again is skipped whole', async () => {
    const rows = [row(1, 'LCOPY1\ttab'), row(2, 'LCOPY1\nline\\back'), row(3, 'LCOPY1 plain')];
    const write = bulkWriter(db.database.db);
    await write([message(1, rows)]);
    // Delivered again (here with a row it never had, to show the key decides): nothing of it is written.
    await write([message(1, [...rows, row(4, 'LCOPY1 again')])]);
    expect(await stored('LCOPY1')).toEqual(rows.map((r) => ({ id: r.id, vin: r.vin, hex: hexOf(r.frame) })));
    expect((await stored('LCOPY1'))[0]!.hex).toBe('23230a5c01');
    expect(await keys()).toContain('1');
    // Both copies of a message published twice, fetched in one write: its rows once.
    await write([message(7, [row(7, 'LCOPY6')]), message(7, [row(7, 'LCOPY6')])]);
    expect((await stored('LCOPY6')).map((r) => r.id)).toEqual(['7']);
  });

  it('stores every column of a snapshot as it was: times to the millisecond, missing readings as null', async () => {
    const t = { ...snapshot('LCOPY5', Date.UTC(1999, 11, 31, 23, 59, 59, 7)), speedKmh: 12.25, socPercent: null, totalCurrentA: -3.5, heading: 359.6, alarmLevel: 4, reissue: true };
    await copyWrite(pool, [message(500, [], [t as Telemetry])]);
    const [r] = await queryRows<Record<string, unknown>>(db.database.db, sql`SELECT (extract(epoch FROM ts) * 1000)::bigint::text AS ms, speed, soc, current, heading, alarm_level, reissue, lng FROM wdiov_position WHERE vin = 'LCOPY5'`);
    expect(r).toEqual({ ms: String(t.ts), speed: 12.25, soc: null, current: -3.5, heading: 360, alarm_level: 4, reissue: 1, lng: 114 });
  });

  it('stores a row already written by another message once, with the rest of the new message', async () => {
    await copyWrite(pool, [message(100, [row(100, 'LCOPY3')], [snapshot('LCOPY3', 1_700_000_000_000)])]);
    // The same snapshot twice in one message, and again in a later message, beside new rows.
    const again = snapshot('LCOPY3', 1_700_000_000_000);
    await copyWrite(pool, [message(101, [row(101, 'LCOPY3'), row(100, 'LCOPY3')], [again, again, snapshot('LCOPY3', 1_700_000_001_000)])]);
    expect((await stored('LCOPY3')).map((r) => r.id)).toEqual(['100', '101']);
    expect((await positions('LCOPY3')).map((p) => Number(p.ms))).toEqual([1_700_000_000_000, 1_700_000_001_000]);
  });

  it('writes nothing of a write when one of its rows is refused, keeps no key for it, and the connection serves the next', async () => {
    await expect(copyWrite(pool, [message(10, [row(10, 'LCOPY2'), { ...row(11, 'LCOPY2'), frame: null as unknown as Uint8Array }])])).rejects.toThrow();
    expect(await stored('LCOPY2')).toEqual([]);
    expect(await keys()).not.toContain('10');
    for (let i = 0; i < 3; i++) await copyWrite(pool, [message(20 + i, [row(20 + i, 'LCOPY2')])]);
    await copyWrite(pool, [message(10, [row(10, 'LCOPY2')])]);
    expect((await stored('LCOPY2')).map((r) => r.id)).toEqual(['10', '20', '21', '22']);
  });

  it('prunes keys past their retention only', async () => {
    await copyWrite(pool, [message(300, [row(300, 'LCOPY4')])]);
    const before = await keys();
    expect(await pruneKeys(db.database.db)).toBe(0);
    expect(await pruneKeys(db.database.db, Date.now() + KEY_RETENTION_MS + 60_000)).toBe(before.length);
    expect(await keys()).toEqual([]);
  });
});
