import { useSyncExternalStore } from 'react';
import { en } from './en';
import { zh, type MessageKey } from './zh';
import { getStore, setStore } from '../util/storage';
import { applyPrimeLocale } from './primereact-locale';

export type Language = 'zh' | 'en';
export type { MessageKey };

const dictionaries: Record<Language, Record<MessageKey, string>> = { zh, en };
const listeners = new Set<() => void>();

function initialLanguage(): Language {
  const stored = typeof window === 'undefined' ? undefined : getStore<string>('language');
  return stored === 'en' ? 'en' : 'zh';
}

let current: Language = initialLanguage();
applyPrimeLocale(current);

export function getLanguage(): Language {
  return current;
}

/** Switches at run time: every subscribed component re-renders, nothing reloads. */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  setStore({ name: 'language', content: language });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  applyPrimeLocale(language);
  listeners.forEach((listener) => listener());
}

/** Translates a key; `{name}` placeholders are filled from params. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[current][key] ?? zh[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the language changes. */
export function useI18n(): { t: typeof t; language: Language; setLanguage: typeof setLanguage } {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t, language, setLanguage };
}
