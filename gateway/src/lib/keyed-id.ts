import { hash } from 'node:crypto';

/**
 * A row id derived from what identifies the row (e.g. vehicle, type and time): the same parts
 * always give the same id, so a redelivered message finds its row instead of adding one.
 * The first 60 bits of a SHA-1 of the parts joined by '|', a positive bigint like every other id.
 * One-shot hash, read as a number from the digest's bytes: a position row gets one per frame.
 */
export function keyedId(...parts: (string | number)[]): string {
  return keyedBigId(...parts).toString();
}

/** keyedId as a bigint, for a bulk write that stores it as one (no text made and parsed back per row). */
export function keyedBigId(...parts: (string | number)[]): bigint {
  return hash('sha1', parts.join('|'), 'buffer').readBigUInt64BE(0) >> 4n;
}
