const RETRY_MS = 1000;

/**
 * Per-tenant master data the alarm engine reads on every frame (thresholds, fences), held in
 * memory and refreshed off the hot path: a read never waits, a stale or invalidated entry keeps
 * answering with its old value until the reload lands.
 */
export class TenantCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Invalidated while a load was in flight: that load may have read the old rows, so load again. */
  private readonly reloadAfter = new Set<string>();

  constructor(
    private readonly load: (tenantId: string) => Promise<V>,
    private readonly ttlMs: number,
    private readonly onError: (err: unknown, tenantId: string) => void,
  ) {}

  loaded(tenantId: string): boolean {
    return this.entries.has(tenantId);
  }

  /** The current value without waiting (undefined until first loaded); a stale one is reloaded in the background. */
  get(tenantId: string, now = Date.now()): V | undefined {
    const e = this.entries.get(tenantId);
    if (!e || now - e.at > this.ttlMs) void this.refresh(tenantId);
    return e?.value;
  }

  /** Resolves once the tenant has been loaded once (or its load failed, which is reported). */
  ready(tenantId: string): Promise<void> {
    return this.entries.has(tenantId) ? Promise.resolve() : this.refresh(tenantId);
  }

  /**
   * The rows changed: reload every tenant held, in the background. Resolves once those reloads
   * have landed (a load already in flight is followed by a fresh one, which is awaited too).
   */
  invalidate(): Promise<void> {
    const waits: Promise<unknown>[] = [];
    for (const [tenantId, inFlight] of this.loading) {
      this.reloadAfter.add(tenantId);
      // Once the old load has settled, its follow-up load is the one registered.
      waits.push(inFlight.then(() => this.loading.get(tenantId)));
    }
    for (const tenantId of this.entries.keys()) if (!this.loading.has(tenantId)) waits.push(this.refresh(tenantId));
    return Promise.all(waits).then(() => undefined);
  }

  private refresh(tenantId: string): Promise<void> {
    const inFlight = this.loading.get(tenantId);
    if (inFlight) return inFlight;
    const p = this.load(tenantId)
      .then((value) => void this.entries.set(tenantId, { at: Date.now(), value }), async (err) => {
        this.onError(err, tenantId);
        // Whoever waits retries after a pause, not in a tight loop against a failing store.
        await new Promise((r) => setTimeout(r, RETRY_MS));
      })
      .finally(() => {
        this.loading.delete(tenantId);
        if (this.reloadAfter.delete(tenantId)) void this.refresh(tenantId);
      });
    this.loading.set(tenantId, p);
    return p;
  }
}

/**
 * Per-tenant master data held by a TenantCache: a subclass says how a tenant's value is loaded
 * and reads it through `cached`, and callers get invalidate / ready / loaded for free.
 */
export abstract class TenantCached<V> {
  private readonly cache: TenantCache<V>;

  constructor(ttlMs: number, onError: (err: unknown, tenantId: string) => void) {
    this.cache = new TenantCache((tenantId) => this.load(tenantId), ttlMs, onError);
  }

  protected abstract load(tenantId: string): Promise<V>;

  /** The tenant's value without waiting (undefined until first loaded). */
  protected cached(tenantId: string): V | undefined {
    return this.cache.get(tenantId);
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate();
  }

  ready(tenantId: string): Promise<void> {
    return this.cache.ready(tenantId);
  }

  loaded(tenantId: string): boolean {
    return this.cache.loaded(tenantId);
  }
}
