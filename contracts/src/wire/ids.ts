import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';

/**
 * Ids are 64-bit integers written as strings on the wire (JavaScript numbers lose
 * precision past 2^53). Tree roots use parent id "0".
 */
export const ID_PATTERN = /^[1-9][0-9]{0,18}$/;
export const TOP_PARENT_ID = '0';
export const ADMIN_TENANT_ID = '000000';
/** A tenant id: six digits. */
export const TENANT_ID_PATTERN = /^\d{6}$/;

/** Largest value of a Postgres bigint: ids are stored as one. */
export const BIGINT_MAX = 9223372036854775807n;

/** An id as text: digits, no leading zero, within the bigint range (19 digits may exceed it). */
export const isIdText = (v: string) => ID_PATTERN.test(v) && BigInt(v) <= BIGINT_MAX;

/** A signed bigint as text (bigint fields): within the Postgres range. */
export const isBigintText = (v: string) => /^-?\d{1,19}$/.test(v) && BigInt(v) <= BIGINT_MAX && BigInt(v) >= -BIGINT_MAX - 1n;

export const idString = z
  .union([z.string(), z.number().int().positive()])
  .transform((v) => String(v))
  .refine(isIdText, { error: spoken('invalidId') });

/** Parent ids may be "0" (the root). */
export const parentIdString = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v))
  .refine((v) => v === '0' || ID_PATTERN.test(v), { error: spoken('invalidParentId') });

/** An id parameter a call cannot do without: its absence is named as a missing parameter. */
export const requiredId = (label: Record<'zh' | 'en', string>) =>
  z.string({ error: spoken('missingParam', label) }).refine(isIdText, { error: spoken('invalidId') });

/** `ids=1,2,3` of the remove calls. Returns null when any part is not an id. */
export function parseIdList(raw: string | undefined | null): string[] | null {
  if (raw == null) return null;
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (parts.length === 0 || parts.length > 1000) return null;
  return parts.every(isIdText) ? [...new Set(parts)] : null;
}
