import { buckets, decodeRawFrameBatch, telemetry, wildcards, type Telemetry, VehicleRunState } from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';

/** Gets in flight at once while loading the kept state. */
const LOAD_CONCURRENCY = 256;

/** A vehicle not heard from for this long is shown offline. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/**
 * The latest snapshot of every vehicle: fed in process by this gateway's ingest and, for the
 * vehicles connected to other gateways, by their raw-stream batches, so the
 * REST polling calls (realtimeInfo, getRealTimeData …) answer from the same state the socket
 * pushes. Reissued data never replaces a live snapshot. At start it loads what the gateways
 * kept in the KV bucket (LatestStateKeeper), so a restart does not empty the map.
 */
export class LatestState {
  private readonly byVin = new Map<string, Telemetry>();
  private sub?: Subscription;
  private readonly listeners = new Set<(t: Telemetry) => void>();
  dropped = 0;

  /** Loads the snapshots kept in the bus's KV bucket; answers how many. */
  async load(bus: MessageBus): Promise<number> {
    const bucket = await bus.kv(buckets.latestState);
    const keys = await bucket.keys();
    let loaded = 0;
    for (let i = 0; i < keys.length; i += LOAD_CONCURRENCY) {
      const entries = await Promise.all(keys.slice(i, i + LOAD_CONCURRENCY).map((k) => bucket.get(k)));
      for (const e of entries) {
        const parsed = e ? telemetry.safeParse(e.json()) : undefined;
        if (!parsed?.success) continue;
        this.put(parsed.data);
        loaded++;
      }
    }
    return loaded;
  }

  /** Reads the snapshots other gateways publish; `ownSubject`: this gateway's batches, already put in process. */
  start(bus: MessageBus, ownSubject?: string): void {
    this.sub = bus.subscribe(wildcards.allRaw, (m) => {
      if (m.subject === ownSubject) return;
      let snapshots: Telemetry[] | undefined;
      try {
        // The decoder checks the whole batch: what it yields needs no second look.
        snapshots = decodeRawFrameBatch(m.data).telemetry;
      } catch {
        this.dropped++;
        return;
      }
      for (const t of snapshots ?? []) this.put(t);
    });
  }

  put(t: Telemetry): void {
    if (t.reissue) return;
    const prev = this.byVin.get(t.vin);
    if (prev && prev.ts > t.ts) return;
    this.byVin.set(t.vin, t);
    for (const l of this.listeners) l(t);
  }

  /** Called for every new live snapshot (the socket's position stream). */
  onUpdate(listener: (t: Telemetry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(vin: string, now = Date.now()): Telemetry | undefined {
    const t = this.byVin.get(vin);
    return t && now - t.receivedAt > OFFLINE_AFTER_MS ? { ...t, state: VehicleRunState.offline } : t;
  }

  /** Vehicles known to this live state. */
  get size(): number {
    return this.byVin.size;
  }

  /** Snapshots of one tenant (with offline applied). */
  ofTenant(tenantId: string, now = Date.now()): Telemetry[] {
    const out: Telemetry[] = [];
    for (const t of this.byVin.values()) if (t.tenantId === tenantId) out.push(now - t.receivedAt > OFFLINE_AFTER_MS ? { ...t, state: VehicleRunState.offline } : t);
    return out;
  }

  stop(): void {
    this.sub?.unsubscribe();
  }
}
