/**
 * Answers built once and shared until they are dropped (a write that changes them) or their TTL
 * passes (a write taken by another replica). A failure is not remembered. An answer still being
 * built when the cache is cleared goes with it, so nothing read before a change outlives it.
 */
export class MemoCache<T> {
  private entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 5_000) {}

  clear(): void {
    this.entries.clear();
  }

  get(key: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = build();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
