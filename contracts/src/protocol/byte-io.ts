/**
 * Big-endian cursor over a Uint8Array (reader) and a growable buffer (writer).
 * Browser-safe: Uint8Array/DataView only. The reader never copies: byte fields it
 * returns are subarray views of the input.
 */
import { rawOfReading, type Reading } from './sentinels.ts';

/** Thrown inside the decoders on truncated or malformed input; decodeFrame turns it into an error result. */
export class DecodeFault extends Error {
  override name = 'DecodeFault';
}

export class ByteReader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  pos: number;
  end: number;
  /** false: the cell-voltage and probe-temperature blocks' lists are length-checked and skipped (see DecodeOptions). */
  readings = true;

  constructor(bytes: Uint8Array, pos: number, end: number) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Bounds check for a block of n bytes; the unchecked reads below rely on it. */
  need(n: number, what: string): void {
    if (this.pos + n > this.end) {
      throw new DecodeFault(`${what}: needs ${n} bytes, ${this.end - this.pos} left`);
    }
  }

  u8(): number {
    return this.bytes[this.pos++];
  }

  u16(): number {
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }

  u32(): number {
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }

  /** n bytes as a view (no copy). */
  take(n: number, what: string): Uint8Array {
    this.need(n, what);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /**
   * Fixed-width STRING as latin1 (one char per byte, lossless), trailing NULs dropped.
   * GB18030 text stays as its latin1 image so the bytes re-encode exactly.
   */
  fixedString(n: number, what: string): string {
    this.need(n, what);
    const start = this.pos;
    this.pos = start + n;
    return latin1(this.bytes, start, start + n, true);
  }

  /** Exactly n bytes as latin1, NULs kept (length-prefixed strings). */
  exactString(n: number, what: string): string {
    this.need(n, what);
    const start = this.pos;
    this.pos = start + n;
    return latin1(this.bytes, start, start + n, false);
  }
}

export function latin1(bytes: Uint8Array, start: number, end: number, stripTrailingNul: boolean): string {
  if (stripTrailingNul) while (end > start && bytes[end - 1] === 0) end--;
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

export class ByteWriter {
  bytes: Uint8Array;
  view: DataView;
  pos = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  reset(): void {
    this.pos = 0;
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.pos));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number, field: string): void {
    checkInt(v, 0xff, field);
    this.ensure(1);
    this.bytes[this.pos++] = v;
  }

  u16(v: number, field: string): void {
    checkInt(v, 0xffff, field);
    this.ensure(2);
    this.view.setUint16(this.pos, v);
    this.pos += 2;
  }

  u32(v: number, field: string): void {
    checkInt(v, 0xffffffff, field);
    this.ensure(4);
    this.view.setUint32(this.pos, v);
    this.pos += 4;
  }

  /** BYTE reading with `value = raw − offset`. */
  byteReading(r: Reading, offset: number, field: string): void {
    this.ensure(1);
    this.bytes[this.pos++] = rawOfReading(r, 1, offset, 0xff, field);
  }

  /** WORD reading with `value = (raw − offsetRaw) / divisor`. */
  wordReading(r: Reading, divisor: number, offsetRaw: number, field: string): void {
    this.ensure(2);
    this.view.setUint16(this.pos, rawOfReading(r, divisor, offsetRaw, 0xffff, field));
    this.pos += 2;
  }

  /** DWORD reading with `value = (raw − offsetRaw) / divisor`. */
  dwordReading(r: Reading, divisor: number, offsetRaw: number, field: string): void {
    this.ensure(4);
    this.view.setUint32(this.pos, rawOfReading(r, divisor, offsetRaw, 0xffffffff, field));
    this.pos += 4;
  }

  raw(data: Uint8Array): void {
    this.ensure(data.length);
    this.bytes.set(data, this.pos);
    this.pos += data.length;
  }

  /** latin1 string padded with NULs to exactly n bytes. */
  fixedString(s: string, n: number, field: string): void {
    if (typeof s !== 'string' || s.length > n) throw new RangeError(`${field}: expected a string of at most ${n} chars`);
    this.ensure(n);
    this.putLatin1(s, field);
    for (let i = s.length; i < n; i++) this.bytes[this.pos++] = 0;
  }

  /** latin1 string, its own length. */
  exactString(s: string, field: string): void {
    if (typeof s !== 'string') throw new RangeError(`${field}: expected a string`);
    this.ensure(s.length);
    this.putLatin1(s, field);
  }

  private putLatin1(s: string, field: string): void {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0xff) throw new RangeError(`${field}: character ${s[i]} is not one byte (latin1)`);
      this.bytes[this.pos++] = c;
    }
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.pos);
  }
}

function checkInt(v: number, max: number, field: string): void {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`${field}: ${String(v)} is not an integer in 0..${max}`);
}

/** Validates a list length against what its count field can say. */
export function checkCount(n: number, max: number, field: string): void {
  if (n > max) throw new RangeError(`${field}: ${n} entries, the count field holds at most ${max}`);
}

/** An edition-specific field that the target edition needs. */
export function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new RangeError(`${field} is required for this edition`);
  return value;
}
