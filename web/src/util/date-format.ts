import dayjs from 'dayjs';

/** The console's date patterns (spec §9 for the wire's date and date-time), in dayjs tokens. */
export const DATE = 'YYYY-MM-DD';
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
/** File-name stamps: `yyyyMMddHHmmss`. */
export const STAMP = 'YYYYMMDDHHmmss';

/** A moment as the user's clock shows it, in one of the patterns above. */
export function formatLocal(date: Date, pattern: string): string {
  return dayjs(date).format(pattern);
}
