/**
 * Streaming framer for a TCP byte stream: push arbitrary chunks, get complete frames.
 * Handles frames split over chunks and several frames per chunk, skips garbage between
 * frames, drops candidates with a bad BCC or an impossible header, and never throws.
 *
 * Every emitted frame has a start marker, a sane header, a length equal to 25 + its
 * data-unit length and a valid BCC; it is a copy, so the caller may keep it.
 * Accounting: bytes pushed = bytes of emitted frames + garbageBytes + `buffered`.
 */
import {
  ENCRYPTION_OFFSET, HEADER_LENGTH, LENGTH_OFFSET, MAX_BODY_LENGTH, MAX_FRAME_LENGTH, MIN_FRAME_LENGTH,
  START_2016, START_2025, type Edition,
} from './constants.ts';
import { bccWords } from './frame.ts';

export interface FramerOptions {
  /** Largest frame accepted, in bytes (default and cap: 25 + 65531). Larger headers count as oversize. */
  maxFrameSize?: number;
  /** Editions to accept (default both). */
  editions?: readonly Edition[];
  /**
   * Reject headers whose response flag (0x01–0x07, 0xFE) or encryption code (0x01–0x05,
   * 0xFE, 0xFF) the standard does not define (default true). This makes a false "##" in
   * garbage far less likely to be taken for a frame; turn it off for terminals that send
   * reserved codes.
   */
  checkHeaderCodes?: boolean;
}

export interface FramerStats {
  /** Frames emitted. */
  frames: number;
  /** Candidates dropped because their BCC did not match. */
  badChecksum: number;
  /** Bytes discarded (between frames, and the first byte of every rejected candidate). */
  garbageBytes: number;
  /** Candidates whose declared length exceeded maxFrameSize or the standard's 65531. */
  oversize: number;
}

export interface Framer {
  push(chunk: Uint8Array): Uint8Array[];
  readonly stats: FramerStats;
  /** Bytes held while waiting for the rest of a frame. */
  readonly buffered: number;
  /** Drops buffered bytes (e.g. after the connection was reset); stats are kept. */
  reset(): void;
}

const NOT_READY = -1;
const REJECTED = -2;

class StreamFramer implements Framer {
  readonly stats: FramerStats = { frames: 0, badChecksum: 0, garbageBytes: 0, oversize: 0 };
  private buf = new Uint8Array(4096);
  private view = new DataView(this.buf.buffer);
  private start = 0;
  private end = 0;

  constructor(
    private readonly maxFrame: number,
    private readonly accept2016: boolean,
    private readonly accept2025: boolean,
    private readonly checkHeaderCodes: boolean,
  ) {}

  get buffered(): number {
    return this.end - this.start;
  }

  reset(): void {
    this.start = 0;
    this.end = 0;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (!(chunk instanceof Uint8Array) || chunk.length === 0) return out;
    this.append(chunk);
    this.extract(out);
    return out;
  }

  private append(chunk: Uint8Array): void {
    const held = this.end - this.start;
    if (this.end + chunk.length > this.buf.length) {
      if (held + chunk.length <= this.buf.length) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        const next = new Uint8Array(Math.max(this.buf.length * 2, held + chunk.length));
        next.set(this.buf.subarray(this.start, this.end));
        this.buf = next;
        this.view = new DataView(next.buffer);
      }
      this.start = 0;
      this.end = held;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  private isStart(b: number): boolean {
    return (b === START_2016 && this.accept2016) || (b === START_2025 && this.accept2025);
  }

  /** Index of the next start marker at or after p, or end (a lone marker byte at the end is kept for the next chunk). */
  private nextMarker(p: number, end: number): number {
    const b = this.buf;
    for (; p + 1 < end; p++) if (b[p] === b[p + 1] && this.isStart(b[p])) return p;
    return p < end && this.isStart(b[p]) ? p : end;
  }

  /**
   * Length of the frame starting at p when it is complete and valid, NOT_READY when more
   * bytes are needed, REJECTED when the header or BCC rules it out.
   */
  private check(p: number, end: number, count: boolean): number {
    const b = this.buf;
    if (end - p < HEADER_LENGTH) return NOT_READY;
    if (this.checkHeaderCodes) {
      const flag = b[p + 3];
      const enc = b[p + ENCRYPTION_OFFSET];
      if (!((flag >= 1 && flag <= 7) || flag === 0xfe) || !((enc >= 1 && enc <= 5) || enc >= 0xfe)) return REJECTED;
    }
    const bodyLength = (b[p + LENGTH_OFFSET] << 8) | b[p + LENGTH_OFFSET + 1];
    const total = MIN_FRAME_LENGTH + bodyLength;
    if (bodyLength > MAX_BODY_LENGTH || total > this.maxFrame) {
      if (count) this.stats.oversize++;
      return REJECTED;
    }
    if (end - p < total) return NOT_READY;
    if (bccWords(this.view, b, p + 2, p + total - 1) !== b[p + total - 1]) {
      if (count) this.stats.badChecksum++;
      return REJECTED;
    }
    return total;
  }

  /**
   * A garbage "##" can announce a long frame and hold back real ones behind it.
   * While a candidate waits, a complete valid frame starting later proves it bogus.
   */
  private laterCompleteFrame(p: number, end: number): number {
    for (let q = this.nextMarker(p + 1, end); q + 1 < end; q = this.nextMarker(q + 1, end)) {
      if (this.check(q, end, false) > 0) return q;
    }
    return NOT_READY;
  }

  private extract(out: Uint8Array[]): void {
    const stats = this.stats;
    const end = this.end;
    let p = this.start;
    while (p < end) {
      const q = this.nextMarker(p, end);
      stats.garbageBytes += q - p;
      p = q;
      if (end - p < 2) break;
      const total = this.check(p, end, true);
      if (total > 0) {
        out.push(this.buf.slice(p, p + total));
        stats.frames++;
        p += total;
      } else if (total === REJECTED) {
        stats.garbageBytes++;
        p++;
      } else {
        const later = this.laterCompleteFrame(p, end);
        if (later === NOT_READY) break;
        stats.garbageBytes += later - p;
        p = later;
      }
    }
    this.start = p;
    if (p === end) this.start = this.end = 0;
  }
}

export function createFramer(opts: FramerOptions = {}): Framer {
  const requested = opts.maxFrameSize ?? MAX_FRAME_LENGTH;
  const maxFrame = Number.isFinite(requested) ? Math.max(MIN_FRAME_LENGTH, Math.min(MAX_FRAME_LENGTH, Math.floor(requested))) : MAX_FRAME_LENGTH;
  const editions = opts.editions ?? ['2016', '2025'];
  return new StreamFramer(maxFrame, editions.includes('2016'), editions.includes('2025'), opts.checkHeaderCodes ?? true);
}
