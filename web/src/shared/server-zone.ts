import { DEFAULT_UTC_OFFSET_MIN, formatDateTime, parseDateTime, toWallDate } from '@wdiov/contracts';

/**
 * The zone every time of the console is shown and picked in: the gateway's (UTC_OFFSET_MIN,
 * answered by /api/config), whatever the browser's. Set once the config is loaded; the
 * default is the gateway's own default (Asia/Shanghai).
 */
let offsetMin = DEFAULT_UTC_OFFSET_MIN;

export const serverZone = {
  set(minutesEastOfUtc: number): void {
    offsetMin = minutesEastOfUtc;
  },
  get offsetMin(): number {
    return offsetMin;
  },
  /** 'yyyy-MM-dd HH:mm:ss' of an instant, in the server's zone. */
  text(instant: Date | number): string {
    return formatDateTime(instant, offsetMin);
  },
  /** The instant a 'yyyy-MM-dd HH:mm:ss' text of the server's zone stands for; null when it is not one. */
  parse(text: string): Date | null {
    return parseDateTime(text, offsetMin);
  },
  /** Now, as a picker shows it: a Date whose local fields are the server's wall clock. */
  nowForPicker(): Date {
    return toWallDate(Date.now(), offsetMin);
  },
};
