/**
 * Rows in COPY's binary format (PGCOPY): each value as the server stores it — integers and
 * floats as their bytes, times as microseconds — so neither this process formats text nor the
 * server parses it back (timestamp and float parsing are most of a text COPY's server time).
 * Types are those a BulkTarget declares; the table's column must be of that type exactly.
 *
 *   pipeline(Readable.from([copyBinary(target, rows)]), client.query(copyFrom(`COPY t (…) FROM STDIN (FORMAT binary)`)));
 */
import type { BulkTarget, BulkValue } from './bulk-insert.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Postgres times count from 2000-01-01 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;

class Out {
  buf = Buffer.allocUnsafe(64 * 1024);
  o = 0;
  room(n: number): void {
    if (this.o + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.o + n));
    this.buf.copy(next, 0, 0, this.o);
    this.buf = next;
  }
}

type Field = (out: Out, v: Exclude<BulkValue, null>) => void;

const fixed = (bytes: number, put: (buf: Buffer, v: Exclude<BulkValue, null>, at: number) => void): Field => (out, v) => {
  out.room(4 + bytes);
  out.buf.writeInt32BE(bytes, out.o);
  put(out.buf, v, out.o + 4);
  out.o += 4 + bytes;
};

const int = (v: BulkValue): number => {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`COPY binary: ${String(v)} is not an integer`);
  return v;
};
const big = (v: BulkValue): bigint => {
  if (typeof v === 'bigint') return v;
  if (typeof v !== 'string' && typeof v !== 'number') throw new TypeError(`COPY binary: ${String(v)} is not an integer`);
  return BigInt(v);
};
const float = (v: BulkValue): number => {
  if (typeof v !== 'number') throw new TypeError(`COPY binary: ${String(v)} is not a number`);
  return v;
};
/** Epoch milliseconds, or an ISO text. */
const epochMs = (v: BulkValue): number => {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms)) throw new TypeError(`COPY binary: ${String(v)} is not a time`);
  return ms;
};

/** Bytes as they are (bytea's binary form). */
const bytea: Field = (out, v) => {
  if (!(v instanceof Uint8Array)) throw new TypeError('COPY binary: bytea needs bytes');
  out.room(4 + v.length);
  out.buf.writeInt32BE(v.length, out.o);
  out.buf.set(v, out.o + 4);
  out.o += 4 + v.length;
};

const text: Field = (out, v) => {
  if (v instanceof Uint8Array) throw new TypeError('COPY binary: bytes go into a bytea column');
  const s = String(v);
  const max = s.length * 3;
  out.room(4 + max);
  const n = out.buf.write(s, out.o + 4, max, 'utf8');
  out.buf.writeInt32BE(n, out.o);
  out.o += 4 + n;
};

const FIELDS: Record<string, Field> = {
  bigint: fixed(8, (b, v, at) => b.writeBigInt64BE(big(v), at)),
  integer: fixed(4, (b, v, at) => b.writeInt32BE(int(v), at)),
  smallint: fixed(2, (b, v, at) => b.writeInt16BE(int(v), at)),
  'double precision': fixed(8, (b, v, at) => b.writeDoubleBE(float(v), at)),
  real: fixed(4, (b, v, at) => b.writeFloatBE(float(v), at)),
  boolean: fixed(1, (b, v, at) => void (b[at] = v ? 1 : 0)),
  text,
  bytea,
  timestamptz: fixed(8, (b, v, at) => {
    // Microseconds since 2000 as a signed 64-bit integer, written as two 32-bit halves (exact below 2^53).
    const us = Math.round((epochMs(v) - PG_EPOCH_MS) * 1000);
    const hi = Math.floor(us / TWO_32);
    b.writeInt32BE(hi, at);
    b.writeUInt32BE(us - hi * TWO_32, at + 4);
  }),
};
const ALIASES: Record<string, string> = {
  int8: 'bigint', int4: 'integer', int: 'integer', int2: 'smallint', float8: 'double precision', float4: 'real', bool: 'boolean',
  varchar: 'text', 'character varying': 'text', 'timestamp with time zone': 'timestamptz',
};

/** The binary writer of a declared SQL type (a length like varchar(17) is the column's business). */
export function binaryField(type: string): Field {
  const base = type.replace(/\(.*\)$/, '').trim();
  const field = FIELDS[ALIASES[base] ?? base];
  if (!field) throw new Error(`COPY binary: no writer for SQL type ${type}`);
  return field;
}

const writers = new WeakMap<BulkTarget<never>, Field[]>();

/** The rows of a bulk target in COPY's binary format: signature, one tuple per row, trailer. */
export function copyBinary<Row>(target: BulkTarget<Row>, rows: readonly Row[]): Buffer {
  let fields = writers.get(target as BulkTarget<never>);
  if (!fields) writers.set(target as BulkTarget<never>, (fields = target.columns.map((c) => binaryField(c.type))));
  const cols = target.columns;
  const out = new Out();
  out.room(SIGNATURE.length + 8);
  SIGNATURE.copy(out.buf, 0);
  out.buf.writeInt32BE(0, SIGNATURE.length); // flags: no OIDs
  out.buf.writeInt32BE(0, SIGNATURE.length + 4); // no header extension
  out.o = SIGNATURE.length + 8;
  for (const row of rows) {
    out.room(2);
    out.buf.writeInt16BE(cols.length, out.o);
    out.o += 2;
    for (let c = 0; c < cols.length; c++) {
      const v = cols[c]!.value(row);
      if (v === null) {
        out.room(4);
        out.buf.writeInt32BE(-1, out.o);
        out.o += 4;
      } else fields[c]!(out, v);
    }
  }
  out.room(2);
  out.buf.writeInt16BE(-1, out.o);
  return out.buf.subarray(0, out.o + 2);
}
