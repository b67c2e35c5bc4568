import { createHash } from 'node:crypto';

/**
 * A row id derived from what identifies the row (e.g. vehicle, type and time): the same parts
 * always give the same id, so a redelivered message finds its row instead of adding one.
 * 60 bits of a SHA-1, a positive bigint like every other id.
 */
export function keyedId(...parts: (string | number)[]): string {
  const hex = createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 15);
  return BigInt('0x' + hex).toString();
}
