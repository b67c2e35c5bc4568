/**
 * Forwarding on this gateway: a PlatformForwarder for every enabled platform, started and
 * stopped as platforms are switched on and off (a write to the forwarding entities on any
 * gateway reaches every gateway as a `changed` message), and again every few seconds so a
 * platform whose gateway died is taken over through its lease.
 */
import { wildcards } from '@wdiov/contracts';
import type { MessageBus, Subscription } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { loadEnabledPlatforms, loadTargets, writeLinkState } from './forward-config.ts';
import type { ForwardTargets } from './forward-filter.ts';
import { ForwardRecords } from './forward-records.ts';
import { LinkState } from './link-state.ts';
import { DEFAULT_FORWARD_OPTIONS, PlatformForwarder, type ForwardOptions, type PlatformConfig } from './platform-forwarder.ts';
import { localLease, postgresLease, type PlatformLease } from './platform-lease.ts';
import { dbSentRecord } from './sent-record.ts';
import { writesInOrder } from '../lib/writes-in-order.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';

const WATCHED = new Set(['forwardPlatform', 'forwardPlatformVehicle', 'forwardBlacklist', 'vehicle']);

export interface ForwardingDeps {
  db: Db;
  bus: MessageBus;
  logger: { warn(o: object, m?: string): void; info(o: object, m?: string): void };
  /** Postgres server: leases are advisory locks there; absent (PGlite): this gateway holds every lease. */
  databaseUrl?: string;
  options?: Partial<ForwardOptions>;
  /** How often enabled platforms are looked up again (ms). */
  reconcileMs?: number;
  /** The outbound policy every link to a platform asks first. */
  outbound: Outbound;
}

interface Running {
  forwarder: PlatformForwarder;
  records: ForwardRecords;
  key: string;
  targets: Promise<ForwardTargets> | null;
}

export async function startForwarding(deps: ForwardingDeps) {
  const { db, bus, logger } = deps;
  const options = { ...DEFAULT_FORWARD_OPTIONS, ...deps.options };
  const lease: PlatformLease = deps.databaseUrl ? postgresLease(deps.databaseUrl) : localLease();
  const running = new Map<string, Running>();
  let closed = false;
  // A platform's link states in the order they came, also across a forwarder stopped and the next one started.
  const writeState = writesInOrder<string>((err) => logger.warn({ err }, 'link state not written'));

  const launch = (p: PlatformConfig): Running => {
    const records = new ForwardRecords(db, p.tenantId, p.id);
    const r: Running = { records, key: JSON.stringify(p), targets: null, forwarder: null as never };
    r.forwarder = new PlatformForwarder(p, {
      bus, lease, records, logger, options, outbound: deps.outbound, sent: dbSentRecord(db, p.id),
      targets: () => (r.targets ??= loadTargets(db, p).catch((e) => ((r.targets = null), Promise.reject(e)))),
      setState: (state, error, backlog) => void writeState(p.id, () => writeLinkState(db, p.id, state, error ?? null, backlog)),
    });
    r.forwarder.start();
    return r;
  };
  const end = async (id: string, r: Running) => {
    running.delete(id);
    await r.forwarder.stop();
    await r.records.close();
  };

  let reconciling: Promise<void> = Promise.resolve();
  const reconcile = () => (reconciling = reconciling.then(async () => {
    if (closed) return;
    const enabled = await loadEnabledPlatforms(db);
    const wanted = new Map(enabled.map((p) => [p.id, p]));
    for (const [id, r] of running) {
      const p = wanted.get(id);
      // Switched off, deleted or reconfigured: log out (a reconfigured one starts again below).
      if (!p || JSON.stringify(p) !== r.key) await end(id, r);
    }
    for (const p of enabled) if (!running.has(p.id)) running.set(p.id, launch(p));
  }).catch((err) => logger.warn({ err }, 'forwarding platforms not reloaded')));

  const subscription: Subscription = bus.subscribe(wildcards.allChanges, (msg) => {
    const entity = msg.subject.split('.').pop() ?? '';
    if (!WATCHED.has(entity)) return;
    for (const r of running.values()) r.targets = null;
    void reconcile();
  });
  lease.onLost(() => {
    for (const r of running.values()) r.forwarder.leaseLost();
  });
  const timer = setInterval(() => void reconcile(), deps.reconcileMs ?? 10_000);
  timer.unref();
  await reconcile();
  logger.info({ platforms: running.size, lease: deps.databaseUrl ? 'postgres advisory lock' : 'local' }, 'forwarding started');

  return {
    /** Looks up the enabled platforms now (also done on every change and periodically). */
    reconcile,
    platforms: () => [...running.keys()],
    /** Logs every link out and stops (the backlog stays in the stream). */
    async close() {
      closed = true;
      clearInterval(timer);
      subscription.unsubscribe();
      await reconciling;
      for (const [id, r] of running) await end(id, r);
      await lease.close();
    },
    /** As if the process died: links dropped without logout, nothing more acked or written. */
    async abort() {
      closed = true;
      clearInterval(timer);
      subscription.unsubscribe();
      for (const r of running.values()) r.records.discard();
      await Promise.all([...running.values()].map((r) => r.forwarder.abort()));
      running.clear();
      await lease.close();
    },
  };
}

export type Forwarding = Awaited<ReturnType<typeof startForwarding>>;
export { LinkState };
