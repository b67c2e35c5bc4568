import { serverZone } from '../shared/server-zone';
import { getStore, setStore } from './storage';

/** A front-end runtime error kept locally until uploaded or cleared (spec §8). */
export interface ErrorLogEntry {
  type: string;
  message: string;
  stack: string;
  info: string;
  time: string;
  url: string;
}

const STORE_NAME = 'logsList';
/** Bounded so a render loop cannot fill local storage. */
const MAX_ENTRIES = 500;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: ErrorLogEntry[] | undefined;

function entries(): ErrorLogEntry[] {
  cache ??= getStore<ErrorLogEntry[]>(STORE_NAME) ?? [];
  return cache;
}

function save(next: ErrorLogEntry[]): void {
  cache = next;
  setStore({ name: STORE_NAME, content: next });
  listeners.forEach((listener) => listener());
}

/** An entry's time on the server's clock, as every time the console shows. */
export const formatTime = (date: Date): string => serverZone.text(date);

export const errorLog = {
  list: (): ErrorLogEntry[] => entries(),
  add(entry: Omit<ErrorLogEntry, 'time' | 'url'> & Partial<Pick<ErrorLogEntry, 'time' | 'url'>>): void {
    const full: ErrorLogEntry = {
      time: formatTime(new Date()),
      url: window.location.href,
      ...entry,
    };
    save([full, ...entries()].slice(0, MAX_ENTRIES));
  },
  clear: (): void => save([]),
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Forget the in-memory copy (tests, or another tab wrote the store). */
  reload(): void {
    cache = undefined;
  },
};

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: typeof reason === 'string' ? reason : JSON.stringify(reason) ?? String(reason), stack: '' };
}

/** Captures uncaught errors and unhandled rejections of the window; returns the uninstaller. */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = describe(event.error ?? event.message);
    errorLog.add({ type: 'error', message, stack, info: `${event.filename}:${event.lineno}:${event.colno}` });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describe(event.reason);
    errorLog.add({ type: 'unhandledrejection', message, stack, info: 'promise' });
  };
  // A lazily loaded page chunk failed (spec §8): keep a trace of it as well.
  const onPreloadError = (event: Event) => {
    const { message, stack } = describe((event as Event & { payload?: unknown }).payload);
    errorLog.add({ type: 'chunk', message, stack, info: 'vite:preloadError' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('vite:preloadError', onPreloadError);
  };
}
