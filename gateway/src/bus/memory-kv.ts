/**
 * The in-process stand-in for a NATS KV bucket with history 1: latest value per key, a
 * per-bucket revision counter, delete markers (so a watcher learns about deletes like on
 * NATS) and watchers that first receive the current values, then every change.
 */
import { toBytes, type KvBucket, type KvEntry, type Payload, type Subscription } from './bus.ts';
import { subjectMatcher } from './subject-trie.ts';

const decoder = new TextDecoder();
// Same rules as @nats-io/kv, so a key accepted here is accepted by a server.
const validKey = /^[-/=.\w]+$/;
const validBucket = /^[-\w]+$/;

function entry(key: string, value: Uint8Array, revision: number, operation: KvEntry['operation']): KvEntry {
  return {
    key,
    value,
    revision,
    operation,
    string: () => decoder.decode(value),
    json: <T>() => JSON.parse(decoder.decode(value)) as T,
  };
}

interface Watcher {
  readonly reportError: (err: unknown) => void;
  readonly matches: (key: string) => boolean;
  readonly handler: (entry: KvEntry) => void;
  active: boolean;
}

export class MemoryKvBucket implements KvBucket {
  private readonly entries = new Map<string, KvEntry>();
  private readonly watchers = new Set<Watcher>();
  private revision = 0;

  constructor(
    readonly name: string,
    private readonly reportError: (err: unknown, info: { bucket: string; key: string }) => void,
  ) {
    if (!validBucket.test(name)) throw new Error(`invalid bucket name: ${name}`);
  }

  async put(key: string, data: Payload): Promise<number> {
    // Copy: the caller may reuse its buffer, a stored value must not change under readers.
    const value = typeof data === 'string' ? toBytes(data) : data.slice();
    return this.write(entry(checkKey(key), value, ++this.revision, 'PUT'));
  }

  set(key: string, data: Payload): void {
    void this.put(key, data);
  }

  async get(key: string): Promise<KvEntry | null> {
    const e = this.entries.get(checkKey(key));
    return e && e.operation === 'PUT' ? e : null;
  }

  async delete(key: string): Promise<void> {
    this.write(entry(checkKey(key), new Uint8Array(0), ++this.revision, 'DEL'));
  }

  async keys(filter = '>'): Promise<string[]> {
    const matches = subjectMatcher(filter);
    const out: string[] = [];
    for (const e of this.entries.values()) if (e.operation === 'PUT' && matches(e.key)) out.push(e.key);
    return out;
  }

  async watch(handler: (entry: KvEntry) => void, opts: { key?: string } = {}): Promise<Subscription> {
    const reportError = (err: unknown) => this.reportError(err, { bucket: this.name, key: opts.key ?? '>' });
    const watcher: Watcher = { reportError, matches: subjectMatcher(opts.key ?? '>'), handler, active: true };
    // Map order is revision order (write() re-inserts), so initial values come oldest first.
    const initial = [...this.entries.values()].filter((e) => watcher.matches(e.key));
    this.watchers.add(watcher);
    // Asynchronous like a NATS watch; changes made meanwhile queue behind the initial values.
    queueMicrotask(() => {
      for (const e of initial) if (watcher.active) notify(watcher, e);
    });
    return {
      unsubscribe: () => {
        watcher.active = false;
        this.watchers.delete(watcher);
      },
    };
  }

  private write(e: KvEntry): number {
    // Re-insert so iteration order follows revisions (keys() and initial watch values).
    this.entries.delete(e.key);
    this.entries.set(e.key, e);
    for (const w of this.watchers) {
      if (w.matches(e.key)) queueMicrotask(() => w.active && notify(w, e));
    }
    return e.revision;
  }
}

function checkKey(key: string): string {
  if (!validKey.test(key) || key.startsWith('.') || key.endsWith('.')) throw new Error(`invalid key: ${key}`);
  return key;
}

function notify(w: Watcher, e: KvEntry): void {
  try {
    w.handler(e);
  } catch (err) {
    // A throwing watcher must not break the writer; NATS would not surface it to the writer either.
    w.reportError(err);
  }
}
