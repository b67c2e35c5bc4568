import { useSyncExternalStore } from 'react';
import { getStore, setStore } from '../util/storage';
import { applyPrimeTheme } from './prime-theme';
import { applyTheme, DEFAULT_ACCENT, DEFAULT_THEME, THEME_NAMES, type ThemeName } from './themes';

export interface ThemeState {
  theme: ThemeName;
  accent: string;
}

const listeners = new Set<() => void>();

function readStored(): ThemeState {
  const stored = getStore<string>('themeName');
  const theme = THEME_NAMES.find((name) => name === stored) ?? DEFAULT_THEME;
  return { theme, accent: getStore<string>('colorName') ?? DEFAULT_ACCENT };
}

let state: ThemeState | undefined;

function current(): ThemeState {
  state ??= readStored();
  return state;
}

function update(next: ThemeState): void {
  state = next;
  setStore({ name: 'themeName', content: next.theme });
  setStore({ name: 'colorName', content: next.accent });
  applyTheme(next.theme, next.accent);
  applyPrimeTheme(next.theme);
  listeners.forEach((listener) => listener());
}

export const themeStore = {
  get: current,
  /** Applies the stored choice at start. */
  init: (): void => {
    applyTheme(current().theme, current().accent);
    applyPrimeTheme(current().theme);
  },
  setTheme: (theme: ThemeName): void => update({ ...current(), theme }),
  setAccent: (accent: string): void => update({ ...current(), accent }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useThemeState(): ThemeState {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
