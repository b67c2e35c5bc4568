import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client.ts';
import { freshDatabase } from '../../test/test-gateway.ts';
import { rawFrameRows, type RawFrameRow } from '../ingest/raw-frame-persister.ts';
import { bulkWriter, copyText, stagedCopy, tableRows } from './staged-copy.ts';

const row = (id: number, vin: string): RawFrameRow => ({ id: String(id), tenantId: '000000', vin, command: 2, receivedAt: new Date(1_700_000_000_000 + id).toISOString(), hex: 'aa' });

describe('COPY text values', () => {
  it('escapes what COPY reads as separators and marks null', () => {
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText('plain')).toBe('plain');
    expect(copyText(null)).toBe('\\N');
    expect(copyText(true)).toBe('t');
    expect(copyText(-1.5)).toBe('-1.5');
  });
});

// COPY needs a Postgres server: this runs in the suite's Postgres run (TEST_DATABASE_URL).
const run = Boolean(process.env.TEST_DATABASE_URL);
if (!run) console.log('staged COPY tests skipped: they run with TEST_DATABASE_URL (the Postgres run)');

describe.runIf(run)('staged COPY on Postgres', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase();
    pool = (db.database.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(() => db?.dispose());
  const stored = (vin: string) => queryRows<{ id: string; vin: string; hex: string }>(db.database.db, sql`SELECT id::text, vin, hex FROM wdiov_raw_frame WHERE vin LIKE ${vin + '%'} ORDER BY id`);

  it('stores rows with separators and backslashes as they were, and a batch written again once', async () => {
    const rows = [row(1, 'LCOPY1\ttab'), row(2, 'LCOPY1\nline\\back'), row(3, 'LCOPY1 plain')];
    const write = bulkWriter(db.database.db);
    await write([tableRows(rawFrameRows, rows)]);
    await write([tableRows(rawFrameRows, [...rows, row(4, 'LCOPY1 new')])]);
    expect(await stored('LCOPY1')).toEqual([...rows, row(4, 'LCOPY1 new')].map((r) => ({ id: r.id, vin: r.vin, hex: r.hex })));
  });

  it('writes nothing of a batch when one of its rows is refused, and the connection serves the next batch', async () => {
    await expect(stagedCopy(pool, [tableRows(rawFrameRows, [row(10, 'LCOPY2'), { ...row(11, 'LCOPY2'), hex: null as unknown as string }])])).rejects.toThrow();
    expect(await stored('LCOPY2')).toEqual([]);
    for (let i = 0; i < 3; i++) await stagedCopy(pool, [tableRows(rawFrameRows, [row(20 + i, 'LCOPY2')])]);
    expect((await stored('LCOPY2')).map((r) => r.id)).toEqual(['20', '21', '22']);
  });
});
