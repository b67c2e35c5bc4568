/**
 * The access token, in memory only: no script-readable storage holds it, so an injected script
 * cannot carry it off past the page's life. A reload gets a new one through the refresh call,
 * whose token travels in an httpOnly cookie.
 */
let token = '';
let savedAt = 0;

export const accessToken = {
  get: (): string => token,
  set(value: string, now: number = Date.now()): void {
    token = value;
    savedAt = value ? now : 0;
  },
  clear(): void {
    token = '';
    savedAt = 0;
  },
  /** Seconds since the token was obtained; 0 when there is none (nothing to refresh). */
  ageSeconds: (now: number = Date.now()): number => (savedAt ? (now - savedAt) / 1000 : 0),
};
