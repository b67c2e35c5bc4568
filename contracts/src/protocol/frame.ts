/**
 * The frame envelope: start marker, command, response flag, VIN, encryption, data-unit
 * length, data unit, BCC. decodeFrame never throws: bad input yields an error result
 * that still carries the header when it was readable, so the ingest can answer with an
 * error response as the standard asks.
 */
import { ByteReader, ByteWriter, DecodeFault, latin1 } from './byte-io.ts';
import { decodeBody, encodeBody, type FrameBody } from './commands.ts';
import {
  BODY_OFFSET, ENCRYPTION_OFFSET, LENGTH_OFFSET, MAX_BODY_LENGTH, MIN_FRAME_LENGTH, START_2016, START_2025,
  VIN_LENGTH, VIN_OFFSET, type Edition,
} from './constants.ts';

export interface FrameHeader {
  edition: Edition;
  command: number;
  /** 0xFE for a command (request); otherwise a ResponseFlag. */
  responseFlag: number;
  /** 17-byte unique id (VIN), latin1, trailing NULs dropped. */
  vin: string;
  encryption: number;
}

export interface Frame<B extends FrameBody = FrameBody> extends FrameHeader {
  body: B;
}

export type DecodeErrorCode = 'notBytes' | 'tooShort' | 'badStart' | 'lengthMismatch' | 'badChecksum' | 'badBody';

export type DecodeResult =
  | { ok: true; frame: Frame }
  | { ok: false; error: DecodeErrorCode; reason: string; header?: FrameHeader };

/** XOR of bytes[start] .. bytes[end - 1] (end exclusive). The frame BCC covers command id .. last data byte. */
export function bcc(bytes: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= bytes[i];
  return x;
}

/** Same XOR, 4 bytes per step through a DataView over the same bytes (decoder and framer hot paths). */
export function bccWords(view: DataView, bytes: Uint8Array, start: number, end: number): number {
  let x = 0;
  let i = start;
  for (; i + 4 <= end; i += 4) x ^= view.getInt32(i);
  x ^= x >>> 16;
  x = (x ^ (x >>> 8)) & 0xff;
  for (; i < end; i++) x ^= bytes[i];
  return x;
}

/** The 17-byte unique id as latin1 without trailing NULs (one fromCharCode call: this runs per frame). */
function readVin(b: Uint8Array): string {
  let end = VIN_OFFSET + VIN_LENGTH;
  while (end > VIN_OFFSET && b[end - 1] === 0) end--;
  if (end === VIN_OFFSET + VIN_LENGTH) {
    return String.fromCharCode(b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15], b[16], b[17], b[18], b[19], b[20]);
  }
  return latin1(b, VIN_OFFSET, end, false);
}

export function editionOfStart(b0: number, b1: number): Edition | undefined {
  if (b0 !== b1) return undefined;
  return b0 === START_2016 ? '2016' : b0 === START_2025 ? '2025' : undefined;
}

function fail(error: DecodeErrorCode, reason: string, header?: FrameHeader): DecodeResult {
  return header ? { ok: false, error, reason, header } : { ok: false, error, reason };
}

export interface DecodeOptions {
  /**
   * false: the per-cell voltages and per-probe temperatures of realtime data are checked for
   * length like everything else but not read; their lists come back empty (SKIPPED_READINGS).
   * For readers that need neither — the live ingest keeps the frame's bytes — since these lists
   * are most of a frame and of what decoding it allocates.
   */
  readings?: boolean;
}

/**
 * Decodes exactly one frame (the whole array). Never throws.
 * Byte fields of the result (custom data, signatures, keys…) are views into `bytes`, not
 * copies: keep `bytes` unchanged while the result is in use (framer output already is a copy).
 */
export function decodeFrame(bytes: Uint8Array, opts: DecodeOptions = {}): DecodeResult {
  if (!(bytes instanceof Uint8Array)) return fail('notBytes', 'input is not a Uint8Array');
  const total = bytes.length;
  if (total < MIN_FRAME_LENGTH) return fail('tooShort', `${total} bytes, a frame has at least ${MIN_FRAME_LENGTH}`);
  const edition = editionOfStart(bytes[0], bytes[1]);
  if (!edition) return fail('badStart', 'frame does not start with ## or $$');
  const command = bytes[2];
  const responseFlag = bytes[3];
  const vin = readVin(bytes);
  const encryption = bytes[ENCRYPTION_OFFSET];
  const bodyLength = (bytes[LENGTH_OFFSET] << 8) | bytes[LENGTH_OFFSET + 1];
  if (bodyLength > MAX_BODY_LENGTH || MIN_FRAME_LENGTH + bodyLength !== total) {
    const reason = bodyLength > MAX_BODY_LENGTH
      ? `data-unit length ${bodyLength} exceeds ${MAX_BODY_LENGTH}`
      : `data-unit length ${bodyLength} needs a ${MIN_FRAME_LENGTH + bodyLength}-byte frame, got ${total}`;
    return fail('lengthMismatch', reason, { edition, command, responseFlag, vin, encryption });
  }
  const reader = new ByteReader(bytes, BODY_OFFSET, total - 1);
  if (opts.readings === false) reader.readings = false;
  const check = bccWords(reader.view, bytes, 2, total - 1);
  if (check !== bytes[total - 1]) {
    const reason = `BCC is 0x${bytes[total - 1].toString(16)}, computed 0x${check.toString(16)}`;
    return fail('badChecksum', reason, { edition, command, responseFlag, vin, encryption });
  }
  const frame: Frame = { edition, command, responseFlag, vin, encryption, body: EMPTY };
  try {
    frame.body = decodeBody(reader, frame);
    return { ok: true, frame };
  } catch (e) {
    const header = { edition, command, responseFlag, vin, encryption };
    if (e instanceof DecodeFault) return fail('badBody', e.message, header);
    // A bug, not bad input: still honour "never throws", but say so.
    return fail('badBody', `internal decoder error: ${e instanceof Error ? e.message : String(e)}`, header);
  }
}

// Placeholder while the body decodes, so the frame object keeps one shape.
const EMPTY: FrameBody = { kind: 'empty' };

// One scratch writer: encoding is synchronous, and the result is a copy.
const writer = new ByteWriter(4096);

/**
 * Encodes a frame, computing the data-unit length and BCC.
 * Throws a RangeError when a field cannot be represented (value out of range, missing
 * edition-specific field, data unit over 65531 bytes).
 */
export function encodeFrame(frame: Frame): Uint8Array {
  const w = writer;
  w.reset();
  const start = frame.edition === '2016' ? START_2016 : frame.edition === '2025' ? START_2025 : -1;
  if (start < 0) throw new RangeError(`edition: '2016' or '2025', got ${String(frame.edition)}`);
  w.u8(start, 'start');
  w.u8(start, 'start');
  w.u8(frame.command, 'command');
  w.u8(frame.responseFlag, 'responseFlag');
  w.fixedString(frame.vin, VIN_LENGTH, 'vin');
  w.u8(frame.encryption, 'encryption');
  w.u16(0, 'length'); // patched below
  encodeBody(w, frame.body, frame.edition);
  const bodyLength = w.pos - BODY_OFFSET;
  if (bodyLength > MAX_BODY_LENGTH) throw new RangeError(`data unit of ${bodyLength} bytes exceeds ${MAX_BODY_LENGTH}`);
  w.view.setUint16(LENGTH_OFFSET, bodyLength);
  w.u8(bcc(w.bytes, 2, w.pos), 'bcc');
  return w.finish();
}

/** The data-unit bytes of a frame that passed the envelope checks (a view, no copy). */
export function frameBody(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(BODY_OFFSET, bytes.length - 1);
}
