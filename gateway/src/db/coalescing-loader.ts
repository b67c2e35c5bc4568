/**
 * Keyed loads that share queries: keys asked for while a batch is being loaded wait and go
 * together in the next one (at most `chunk` keys a query, one batch at a time). An idle loader
 * starts at the next turn of the event loop, so a single look-up waits for nothing; under a storm
 * (a fleet reconnecting after a restart, the first frame of thousands of vehicles) thousands of
 * keys become a few queries instead of one query each.
 */
export class CoalescingLoader<K, V> {
  private waiting = new Map<string, { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[]>();
  private running = false;
  /** Batches loaded (for tests and the benchmarks). */
  batches = 0;

  /**
   * @param idOf a key's identity: equal ids are loaded once
   * @param loadBatch each key's value, by id (a key missing from the map gets `missing`)
   */
  constructor(
    private readonly idOf: (key: K) => string,
    private readonly loadBatch: (keys: K[]) => Promise<Map<string, V>>,
    private readonly missing: V,
    private readonly chunk = 1000,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const id = this.idOf(key);
      const list = this.waiting.get(id);
      if (list) list.push({ key, resolve, reject });
      else this.waiting.set(id, [{ key, resolve, reject }]);
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const ids = [...this.waiting.keys()].slice(0, this.chunk);
      const batch = ids.map((id) => [id, this.waiting.get(id)!] as const);
      for (const id of ids) this.waiting.delete(id);
      this.batches++;
      try {
        const found = await this.loadBatch(batch.map(([, list]) => list[0]!.key));
        for (const [id, list] of batch) {
          const value = found.has(id) ? found.get(id)! : this.missing;
          for (const w of list) w.resolve(value);
        }
      } catch (err) {
        for (const [, list] of batch) for (const w of list) w.reject(err);
      }
    }
    this.running = false;
  }
}
