import { DATE, DATE_TIME, formatLocal } from '../util/date-format';

/** A picked date as the wire writes it: 'yyyy-MM-dd', in the zone the user picked it in. */
export const formatDate = (date: Date): string => formatLocal(date, DATE);

/** 'yyyy-MM-dd HH:mm:ss' (spec §9 date format). */
export const formatDateTime = (date: Date): string => formatLocal(date, DATE_TIME);

const TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The picker's Date for a wire text; null when empty or malformed. */
export function parseDateText(text: unknown): Date | null {
  const m = typeof text === 'string' ? TEXT.exec(text.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return new Date(y, mo - 1, d, h, mi, s);
}
