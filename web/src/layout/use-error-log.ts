import { useSyncExternalStore } from 'react';
import { errorLog, type ErrorLogEntry } from '../util/error-log';

export function useErrorLog(): ErrorLogEntry[] {
  return useSyncExternalStore(errorLog.subscribe, errorLog.list, errorLog.list);
}

/** The badge shows at most 99 (spec §9). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
