import { useSyncExternalStore } from 'react';
import { getStore, setStore } from '../util/storage';

/** Level 1 and 2 pop-ups collapse to a one-line notice after this long unless the user chose otherwise. */
export const DEFAULT_COLLAPSE_SECONDS = 15;
export const MIN_COLLAPSE_SECONDS = 3;
export const MAX_COLLAPSE_SECONDS = 600;
const KEY = 'alarmCollapseSeconds';

const listeners = new Set<() => void>();

const clamp = (n: number) => Math.min(MAX_COLLAPSE_SECONDS, Math.max(MIN_COLLAPSE_SECONDS, Math.round(n)));

function stored(): number {
  const value = getStore<number>(KEY);
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value) : DEFAULT_COLLAPSE_SECONDS;
}

/** The alarm pop-up's settings, kept in local storage beside the theme and the sidebar's state. */
export const alarmCardSettings = {
  collapseSeconds: stored,
  setCollapseSeconds(seconds: number): void {
    setStore({ name: KEY, content: clamp(seconds) });
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCollapseSeconds(): number {
  return useSyncExternalStore(alarmCardSettings.subscribe, alarmCardSettings.collapseSeconds, alarmCardSettings.collapseSeconds);
}
