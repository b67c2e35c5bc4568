/**
 * Local data (spec §4): entries `{dataType, content, type, datetime}` stored under
 * `wdiov-<name>`. With a `type` they go to session storage, otherwise to local
 * storage; reading tries session storage first, then local storage.
 */
export const SITE_KEY = 'wdiov';

export type StoreType = 'session' | undefined;

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type?: StoreType;
  datetime: number;
}

export function storeKey(name: string): string {
  return `${SITE_KEY}-${name}`;
}

function pick(type: StoreType): Storage {
  return type ? window.sessionStorage : window.localStorage;
}

export function setStore<T>(opts: { name: string; content: T; type?: StoreType }): void {
  const entry: StoreEntry<T> = {
    dataType: typeof opts.content,
    content: opts.content,
    type: opts.type,
    datetime: Date.now(),
  };
  pick(opts.type).setItem(storeKey(opts.name), JSON.stringify(entry));
}

function readEntry(storage: Storage, name: string): StoreEntry | undefined {
  const raw = storage.getItem(storeKey(name));
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as StoreEntry;
    return parsed && typeof parsed === 'object' && 'content' in parsed ? parsed : undefined;
  } catch {
    // A foreign or corrupt value is treated as absent rather than crashing the shell.
    return undefined;
  }
}

/** The whole entry (content plus when it was saved), session storage first. */
export function getStoreEntry<T>(name: string): StoreEntry<T> | undefined {
  return (readEntry(window.sessionStorage, name) ?? readEntry(window.localStorage, name)) as
    | StoreEntry<T>
    | undefined;
}

export function getStore<T>(name: string): T | undefined {
  return getStoreEntry<T>(name)?.content;
}

/** Removes the entry from both storages, so a stale copy cannot shadow the next save. */
export function removeStore(name: string): void {
  window.sessionStorage.removeItem(storeKey(name));
  window.localStorage.removeItem(storeKey(name));
}

/** Every entry of this site in one storage, by name without the prefix. */
export function getAllStore(type?: StoreType): Array<{ name: string; content: unknown }> {
  const storage = pick(type);
  const prefix = `${SITE_KEY}-`;
  const out: Array<{ name: string; content: unknown }> = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    const entry = readEntry(storage, name);
    if (entry) out.push({ name, content: entry.content });
  }
  return out;
}

/** Clears this site's entries of one storage; other sites' keys stay. */
export function clearStore(type?: StoreType): void {
  for (const { name } of getAllStore(type)) pick(type).removeItem(storeKey(name));
}
