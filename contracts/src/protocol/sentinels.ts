/**
 * GB/T 32960 sentinels. Every measured field reserves its two highest raw codes:
 * BYTE 0xFE / WORD 0xFFFE / DWORD 0xFFFFFFFE mean "abnormal" (异常) and
 * 0xFF / 0xFFFF / 0xFFFFFFFF mean "invalid" (无效).
 *
 * A decoded field is a `Reading`: the engineering value as a number, or one of the
 * two sentinel strings. The sentinel is checked on the RAW value, before scale and
 * offset, so e.g. a current of 0xFFFF never turns into a plausible 5553.5 A.
 */
export type Sentinel = 'abnormal' | 'invalid';
export type Reading = number | Sentinel;

export const ABNORMAL = 'abnormal' as const;
export const INVALID = 'invalid' as const;

/** True when the reading carries a value (not a sentinel). */
export function hasValue(reading: Reading): reading is number {
  return typeof reading === 'number';
}

/** BYTE reading: value = raw − offset (offset e.g. 40 for temperatures). */
export function byteReading(raw: number, offset: number): Reading {
  return raw < 0xfe ? raw - offset : raw === 0xfe ? ABNORMAL : INVALID;
}

/** WORD reading: value = (raw − offsetRaw) / divisor. Integer arithmetic first keeps decimals exact. */
export function wordReading(raw: number, divisor: number, offsetRaw: number): Reading {
  return raw < 0xfffe ? (raw - offsetRaw) / divisor : raw === 0xfffe ? ABNORMAL : INVALID;
}

/** DWORD reading: value = (raw − offsetRaw) / divisor. */
export function dwordReading(raw: number, divisor: number, offsetRaw: number): Reading {
  return raw < 0xfffffffe ? (raw - offsetRaw) / divisor : raw === 0xfffffffe ? ABNORMAL : INVALID;
}

/**
 * Inverse of the readers above: the raw integer for a reading.
 * `max` is the all-ones code of the field width (0xFF, 0xFFFF, 0xFFFFFFFF).
 * Values are rounded to the nearest raw step, so decode→encode is exact; a value
 * that would land on a sentinel code or outside the field throws a RangeError.
 */
export function rawOfReading(
  reading: Reading,
  divisor: number,
  offsetRaw: number,
  max: number,
  field: string,
): number {
  if (reading === INVALID) return max;
  if (reading === ABNORMAL) return max - 1;
  if (typeof reading !== 'number' || !Number.isFinite(reading)) {
    throw new RangeError(`${field}: expected a number, 'abnormal' or 'invalid', got ${String(reading)}`);
  }
  const raw = Math.round(reading * divisor) + offsetRaw;
  if (raw < 0 || raw > max - 2) {
    throw new RangeError(`${field}: ${reading} is outside the encodable range`);
  }
  return raw;
}
