import { describe, expect, it } from 'vitest';
import { bulkStatement, bulkTarget } from './bulk-insert.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { binaryField, copyBinary } from './copy-binary.ts';

interface Row { id: string; n: number | null; at: number | string; name: string; x: number; ok: boolean }
const target = bulkTarget<Row>('t', [
  { name: 'id', type: 'bigint', value: (r) => r.id },
  { name: 'n', type: 'int2', value: (r) => r.n },
  { name: 'at', type: 'timestamptz', value: (r) => r.at },
  { name: 'name', type: 'varchar(17)', value: (r) => r.name },
  { name: 'x', type: 'float8', value: (r) => r.x },
  { name: 'ok', type: 'boolean', value: (r) => r.ok },
]);

describe('COPY binary rows', () => {
  it('writes the signature, each value as Postgres stores it, and the trailer', () => {
    const at = Date.UTC(2000, 0, 1) + 1.5; // 1,500 µs after Postgres's epoch
    const bytes = copyBinary(target, [{ id: '-2', n: null, at, name: 'é\t', x: 0.5, ok: true }]);
    const expected = Buffer.concat([
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8),
      Buffer.from([0, 6]),
      Buffer.from([0, 0, 0, 8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from([0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0x05, 0xdc]),
      Buffer.from([0, 0, 0, 3, 0xc3, 0xa9, 0x09]),
      Buffer.from([0, 0, 0, 8, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0, 0, 0, 1, 1]),
      Buffer.from([0xff, 0xff]),
    ]);
    expect(bytes.equals(expected)).toBe(true);
  });

  it('writes times before 2000 and ISO text the same as epoch milliseconds', () => {
    const ms = Date.UTC(1999, 11, 31, 23, 59, 59, 999);
    const a = copyBinary(target, [{ id: '1', n: 1, at: ms, name: '', x: 0, ok: false }]);
    const b = copyBinary(target, [{ id: '1', n: 1, at: new Date(ms).toISOString(), name: '', x: 0, ok: false }]);
    expect(a.equals(b)).toBe(true);
    const time = a.subarray(19 + 2 + 12 + 6 + 4, 19 + 2 + 12 + 6 + 12);
    expect(time.readBigInt64BE(0)).toBe(-1000n);
  });

  it('grows past its first buffer', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), n: i % 100, at: i, name: 'x'.repeat(40), x: i, ok: true }));
    const bytes = copyBinary(target, rows);
    expect(bytes.length).toBe(19 + 5000 * (2 + 12 + 6 + 12 + 44 + 12 + 5) + 2);
    expect(bytes.readInt16BE(bytes.length - 2)).toBe(-1);
  });

  it('writes a bigint id as the same 64-bit integer as its text, and gives it to the unnest statement as text', () => {
    const ids = bulkTarget<{ id: bigint | string }>('i', [{ name: 'id', type: 'bigint', value: (r) => r.id }]);
    const big = 2n ** 60n - 3n;
    expect(copyBinary(ids, [{ id: big }]).equals(copyBinary(ids, [{ id: big.toString() }]))).toBe(true);
    expect(new PgDialect().sqlToQuery(bulkStatement(ids, [{ id: big }, { id: '7' }])).params).toEqual([[big.toString(), '7']]);
  });

  it('refuses bytes for a column that is not bytea, in COPY and in the unnest statement alike', () => {
    const frames = bulkTarget<{ frame: Uint8Array | string }>('f', [{ name: 'hex', type: 'text', value: (r) => r.frame }]);
    const rows = [{ frame: Uint8Array.of(0x23, 0x23) }];
    expect(() => copyBinary(frames, rows)).toThrow(/bytes go into a bytea column/);
    expect(() => bulkStatement(frames, rows)).toThrow(/bytes go into a bytea column, not hex/);
    expect(new PgDialect().sqlToQuery(bulkStatement(frames, [{ frame: 'cafe' }])).params).toEqual([['cafe']]);
  });

  it('refuses values its column type cannot hold, and types it has no writer for', () => {
    expect(() => copyBinary(target, [{ id: '1', n: 1.5, at: 0, name: '', x: 0, ok: true }])).toThrow(/not an integer/);
    expect(() => copyBinary(target, [{ id: '1', n: 70000, at: 0, name: '', x: 0, ok: true }])).toThrow(RangeError);
    expect(() => copyBinary(target, [{ id: '1', n: 1, at: 'yesterday', name: '', x: 0, ok: true }])).toThrow(/not a time/);
    expect(() => copyBinary(target, [{ id: Uint8Array.of(1) as unknown as string, n: 1, at: 0, name: '', x: 0, ok: true }])).toThrow(/not an integer/);
    expect(() => binaryField('jsonb')).toThrow(/no writer for SQL type jsonb/);
  });
});
