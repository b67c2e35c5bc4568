import { useSyncExternalStore } from 'react';
import { getStore, removeStore, setStore } from '../util/storage';
import type { Tab } from './tab-rules';

/** Open tabs, kept in session storage (`wdiov-tagList`) so a reload restores them. */
const STORE_NAME = 'tagList';
const listeners = new Set<() => void>();
let tabs: Tab[] | undefined;

function current(): Tab[] {
  tabs ??= getStore<Tab[]>(STORE_NAME) ?? [];
  return tabs;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export const tabStore = {
  get: current,
  set(next: Tab[]): void {
    tabs = next;
    setStore({ name: STORE_NAME, content: next, type: 'session' });
    notify();
  },
  /** Login and logout start from an empty strip. */
  clear(): void {
    tabs = [];
    removeStore(STORE_NAME);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTabs(): Tab[] {
  return useSyncExternalStore(tabStore.subscribe, tabStore.get, tabStore.get);
}
