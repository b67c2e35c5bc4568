/**
 * Delivery of notifications, never lost, never sent twice. Each one is first a notifyRecord row
 * (the outbox), unique by (alarm, channel, recipient), then a job on the bus's durable
 * WDIOV_NOTIFY work queue, which one durable consumer shared by every gateway takes (JetStream
 * with NATS; the in-process stand-in otherwise, the outbox carrying it over a restart). Whoever
 * takes a job claims its row first (pending and due, leased for a while), so two gateways or a
 * redelivered job never send it at once, and a sent row is never sent again.
 */
import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { durables, streams, subjects } from '@wdiov/contracts';
import { NotifyStatus } from '@wdiov/contracts/entities/base/notify';
import type { DurableConsumer, MessageBus } from '../bus/bus.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { AlarmSummary, RenderedMessage } from './alarm-message.ts';
import { DeliveryError, sendThrough } from './channel-senders.ts';
import type { ChannelStore } from './channel-store.ts';

export interface NewDelivery {
  tenantId: string;
  /** The alarm's id, or a digest's own (`digest-<team>-<minute>`). */
  alarmId: string;
  /** 0 for the alarm's own notification, n for its n-th escalation (each its own delivery). */
  stage?: number;
  teamId?: string;
  channelId: string;
  channelType: string;
  recipient: string;
  message: RenderedMessage;
  alarms: AlarmSummary[];
}

/** Where a delivery's record stands: queued, or (a channel's test send) already sent or failed. */
interface DeliveryState { sendStatus: number; attempts: number; nextTime: Date | null; sentTime?: Date | null; lastError?: string | null }

/** The notifyRecord values of a delivery in a state. */
export const deliveryRecord = (d: NewDelivery, state: DeliveryState) => ({
  alarmId: d.alarmId, carPlate: d.alarms[0]?.plate ?? '', alarmName: d.alarms.map((a) => a.name.zh).join(', ').slice(0, 200),
  teamId: d.teamId ?? null, channelId: d.channelId, channelType: d.channelType, recipient: d.recipient.slice(0, 500),
  deliveryKey: deliveryKey(d.stage ? `${d.alarmId}#${d.stage}` : d.alarmId, d.channelId, d.recipient), message: { ...d.message, alarms: d.alarms },
  ...state,
});

export interface QueueOptions {
  maxAttempts: number;
  /** Wait before attempt n+1 after n failed ones. */
  backoffMs?: (attempts: number) => number;
  /** How long a claimed row is held by its taker before another may take it (a crashed gateway's). */
  leaseMs?: number;
  /** Rows pending and due this long without being taken are queued again (a job lost with an in-process queue). */
  sweepAfterMs?: number;
  now?: () => number;
}

/** Exponential with full jitter: about 2 s, 4 s … capped at ten minutes. */
export const defaultBackoff = (attempts: number) => Math.random() * Math.min(600_000, 2000 * 2 ** Math.max(0, attempts - 1)) + 500;

export const deliveryKey = (alarmId: string, channelId: string, recipient: string) =>
  createHash('sha256').update(`${alarmId}\n${channelId}\n${recipient}`).digest('hex');

/** Deliveries one gateway attempts at once. */
const TAKEN_AT_ONCE = 32;
const enc = new TextEncoder();
const dec = new TextDecoder();

export class DeliveryQueue {
  private consumer?: DurableConsumer;
  private sweeper?: NodeJS.Timeout;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly now: () => number;
  /** Attempts made by this gateway (sent or not), for tests and metrics. */
  attemptsMade = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly channels: ChannelStore,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    private readonly o: QueueOptions,
  ) {
    this.now = o.now ?? Date.now;
  }

  private get records() {
    return this.repos.get('notifyRecord');
  }

  async start(): Promise<void> {
    // A job whose row waits (a retry's backoff, another taker's lease) is acked and queued again
    // when the row is due; should this gateway stop first, the sweep of any gateway queues it.
    // Deliveries are independent, so those waiting are taken side by side: one after the other, a
    // storm's backlog grew by the database's round trips (each attempt claims and settles its row).
    // A batch that fails is offered again whole; its sent rows are then found sent and skipped.
    this.consumer = await this.bus.consumeDurableBatch(streams.notify.name, durables.notify, async (msgs) => {
      const taken = await Promise.allSettled(msgs.map(async (m) => {
        const [tenantId, id] = dec.decode(m.data).split(' ');
        if (tenantId && id && (await this.take(tenantId, id)) === 'later') await this.requeueWhenDue(tenantId, id);
      }));
      const failed = taken.find((t) => t.status === 'rejected');
      if (failed) throw failed.reason;
    }, { maxBatch: TAKEN_AT_ONCE });
    const every = Math.max(1000, (this.o.sweepAfterMs ?? 60_000) / 2);
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.logger.error({ err }, 'notification sweep failed')), every);
    this.sweeper.unref();
  }

  private async requeueWhenDue(tenantId: string, id: string) {
    const row = await this.records.findRow(systemPrincipal(tenantId), id);
    const due = row?.nextTime instanceof Date ? row.nextTime.getTime() : this.now();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.publish(tenantId, id).catch((err) => this.logger.warn({ err, record: id }, 'notification not queued again; the sweep will'));
    }, Math.max(0, due - this.now()));
    timer.unref();
    this.timers.add(timer);
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.sweeper) clearInterval(this.sweeper);
    await this.consumer?.stop();
  }

  /** Stores the deliveries not stored before (by their key) and queues those; answers how many were new. */
  async enqueue(list: NewDelivery[]): Promise<number> {
    let added = 0;
    for (const d of list) {
      const repo = this.records;
      const row = repo.filledRow(systemPrincipal(d.tenantId), deliveryRecord(d, { sendStatus: NotifyStatus.pending, attempts: 0, nextTime: new Date(this.now()) }));
      const inserted = await repo.db.insert(repo.table).values(row).onConflictDoNothing().returning({ id: repo.columns.id! });
      if (inserted.length === 0) continue;
      added++;
      await this.publish(d.tenantId, String(inserted[0]!.id));
    }
    if (added) this.records.readsChanged();
    return added;
  }

  private publish(tenantId: string, id: string) {
    return this.bus.publishDurable(subjects.notify(tenantId, id), enc.encode(`${tenantId} ${id}`));
  }

  /** Claims the row when it is pending and due; undefined when it is not. */
  private async claim(tenantId: string, id: string) {
    const repo = this.records;
    const c = repo.columns;
    const now = new Date(this.now());
    const [row] = await repo.db.update(repo.table)
      .set({ nextTime: new Date(this.now() + (this.o.leaseMs ?? 60_000)) })
      .where(and(eq(c.id!, id), eq(c.tenantId!, tenantId), eq(c.sendStatus!, NotifyStatus.pending), eq(c.isDeleted!, 0), lte(c.nextTime!, now)))
      .returning();
    return row as Record<string, unknown> | undefined;
  }

  /**
   * One attempt of the row, when it is due: 'done' once it is sent or given up (or was already),
   * 'later' when it waits for a retry (or another gateway holds it).
   */
  async take(tenantId: string, id: string): Promise<'done' | 'later'> {
    const row = await this.claim(tenantId, id);
    if (!row) {
      const stored = await this.records.findRow(systemPrincipal(tenantId), id);
      return stored && Number(stored.sendStatus) === NotifyStatus.pending ? 'later' : 'done';
    }
    const attempts = Number(row.attempts ?? 0) + 1;
    this.attemptsMade++;
    let error: DeliveryError | undefined;
    try {
      const channel = await this.channels.forSending(tenantId, String(row.channelId));
      if (!channel) throw new DeliveryError('the channel was removed', false);
      if (!channel.enabled) throw new DeliveryError('the channel is disabled', false);
      const message = row.message as RenderedMessage & { alarms: AlarmSummary[] };
      await sendThrough(channel, { key: String(row.deliveryKey), recipient: String(row.recipient), message, alarms: message.alarms ?? [] }, this.channels.senderDeps);
    } catch (err) {
      error = err instanceof DeliveryError ? err : new DeliveryError((err as Error).message, false);
    }
    const giveUp = error && (!error.retryable || attempts >= this.o.maxAttempts);
    const values = !error
      ? { sendStatus: NotifyStatus.sent, attempts, sentTime: new Date(this.now()), lastError: null }
      : { sendStatus: giveUp ? NotifyStatus.failed : NotifyStatus.pending, attempts, lastError: error.message.slice(0, 500),
        nextTime: new Date(this.now() + (this.o.backoffMs ?? defaultBackoff)(attempts)) };
    const repo = this.records;
    await repo.db.update(repo.table).set({ ...values, updateTime: new Date(this.now()) }).where(eq(repo.columns.id!, id));
    repo.readsChanged();
    if (error) this.logger.warn({ tenantId, record: id, attempts, retry: !giveUp, err: error.message }, 'notification not delivered');
    return error && !giveUp ? 'later' : 'done';
  }

  /** Queues again what waits past its time without a taker (a job lost with a restart of the in-process queue). */
  async sweep(): Promise<number> {
    const repo = this.records;
    const c = repo.columns;
    const before = new Date(this.now() - (this.o.sweepAfterMs ?? 60_000));
    const rows = await repo.db.select({ id: c.id!, tenantId: c.tenantId! }).from(repo.table)
      .where(and(eq(c.sendStatus!, NotifyStatus.pending), eq(c.isDeleted!, 0), lte(c.nextTime!, before))).limit(500);
    for (const r of rows) await this.publish(String(r.tenantId), String(r.id));
    return rows.length;
  }
}
