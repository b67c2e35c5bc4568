import { and, eq, isNull } from 'drizzle-orm';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { fenceRule, subjects, type AlarmEvent, type FaultEvent, type FenceEvent } from '@wdiov/contracts';
import type { FenceWatch } from './fence-watch.ts';
import type { Db } from '../db/client.ts';
import type { MessageBus } from '../bus/bus.ts';
import { vehicleAlarmDataTable, vehicleFaultDataTable } from '../db/schema/index.ts';
import type { VehicleRef } from '../ingest/vehicle-directory.ts';
import type { VehicleHandover } from '../live/vehicle-handover.ts';
import { AlarmTracker } from './alarm-tracker.ts';
import { RuleEvaluator } from './rule-evaluator.ts';
import type { RulesProvider } from './rules-provider.ts';
import type { VehicleFrame } from './vehicle-frame.ts';

/** Wait before events the bus refused are published again, and how many may wait. */
const RETRY_MS = 1000;
const MAX_RETRY_QUEUE = 100_000;
/** A stop waits this long at most for publishes the bus has not answered. */
const STOP_WAIT_MS = 5000;
/** How often silent vehicles are looked for (the offline rule counts in minutes). */
const SILENCE_CHECK_MS = 15_000;
const FENCE_TYPE = fenceRule.type;

export interface AlarmEngineOptions {
  /** The platform's clock (tests pass a simulated one). */
  now?: () => number;
  silenceCheckMs?: number;
}

export interface EventOf { alarm: AlarmEvent; fault: FaultEvent; fence: FenceEvent }
export type EventKind = keyof EventOf;
export type EventListener = <K extends EventKind>(kind: K, event: EventOf[K]) => void;

/**
 * The live half of alarm handling on the gateway that holds a vehicle's connection: protocol-
 * neutral frames in (a protocol's adapter makes them: ingest/alarm-adapter.ts), alarm and fault
 * events (start/end) out on the durable subjects. Reissued data is stored elsewhere and never
 * starts or ends an alarm here (it is old by definition).
 *
 * A frame is evaluated synchronously as it arrives: open alarms are in memory (preloaded from
 * storage, handed over on login), each vehicle's rules (resolved once per vehicle) and the fences
 * come from in-memory caches, a timer looks for vehicles gone silent, and events are
 * published without waiting for each store acknowledgement (order per vehicle is the order of
 * the publishes on the one connection). Only a vehicle whose state is being fetched (its login,
 * a tenant seen for the first time) has its frames held back, in order, until that is done.
 */
export class AlarmEngine {
  private readonly alarms = new AlarmTracker();
  private readonly faults = new AlarmTracker();
  private readonly evaluator: RuleEvaluator;
  private readonly held = new Map<string, { waits: number; frames: VehicleFrame[] }>();
  private readonly now: () => number;
  private silenceTimer: NodeJS.Timeout | undefined;
  private readonly enc = new TextEncoder();
  private loading?: Promise<void>;
  private preloaded = false;
  published = 0;
  publishFailed = 0;
  private retryQueue: Array<{ subject: string; event: AlarmEvent | FaultEvent | FenceEvent }> = [];
  private retryTimer: NodeJS.Timeout | undefined;
  /** Publishes handed to the bus and not yet answered: a stop waits for them (a while) before its last try. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
    private readonly rules: RulesProvider,
    private readonly fences: FenceWatch,
    private readonly logger: Logger,
    private readonly handover?: VehicleHandover,
    /** Told of each event as it is raised, before any publish (this gateway's alarm cards). */
    private readonly onEvent?: EventListener,
    private readonly options: AlarmEngineOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.evaluator = new RuleEvaluator(rules, this.alarms);
  }

  /**
   * Loads every alarm and fault still open in storage in two queries, before terminals connect:
   * after a restart, ten thousand vehicles reconnecting must not mean twenty thousand look-ups.
   */
  preload(): Promise<void> {
    return (this.loading ??= this.load());
  }

  private async load(): Promise<void> {
    const a = vehicleAlarmDataTable as unknown as Record<string, never>;
    const open = await this.db.select({ id: a.id!, vin: a.vin!, type: a.alarmType!, start: a.startTime! }).from(vehicleAlarmDataTable)
      .where(and(isNull(a.endTime!), eq(a.isDeleted!, 0)));
    const fl = vehicleFaultDataTable as unknown as Record<string, never>;
    const openFaults = await this.db.select({ id: fl.id!, vin: fl.vin!, cat: fl.category!, code: fl.faultCode!, start: fl.startTime! }).from(vehicleFaultDataTable)
      .where(and(isNull(fl.endTime!), eq(fl.isDeleted!, 0)));
    for (const r of open) this.alarms.restore(String(r.vin), [{ id: String(r.id), type: String(r.type), startTime: (r.start as Date).getTime() }]);
    for (const r of openFaults) this.faults.restore(String(r.vin), [{ id: String(r.id), type: `${String(r.cat)}:${String(r.code)}`, startTime: (r.start as Date).getTime() }]);
    await this.handover?.start((vin) => this.forget(vin));
    this.preloaded = true;
    if (!this.stopping) this.silenceTimer ??= setInterval(() => this.checkSilence(), this.options.silenceCheckMs ?? SILENCE_CHECK_MS).unref();
  }

  /** A live frame of a vehicle (reissued data is stored elsewhere and never starts or ends an alarm). */
  frame(f: VehicleFrame): void {
    const t = f.state.snapshot;
    if (t.reissue) return;
    const held = this.held.get(t.vin);
    if (held) held.frames.push(f);
    else if (!this.preloaded) this.hold(t.vin, this.preload(), f);
    else if (!this.rules.loaded(t.tenantId) || !this.fences.loaded(t.tenantId)) {
      this.hold(t.vin, Promise.all([this.rules.ready(t.tenantId), this.fences.ready(t.tenantId)]), f);
    } else this.evaluate(f);
  }

  /**
   * Opens the silence alarms (offline) of vehicles that have sent nothing for their rule's time,
   * by the platform's clock; each vehicle's next frame ends them.
   */
  checkSilence(now = this.now()): void {
    for (const e of this.evaluator.silent(now)) {
      this.raise('alarm', subjects.alarm(e.tenantId, e.vin), this.stamped(e));
      this.handover?.save(e.vin, this.alarms.openOf(e.vin), this.faults.openOf(e.vin), this.fences.sidesOf(e.vin));
    }
  }

  /** A login: the vehicle's open alarms come from the gateway it was on, before its first frame is evaluated. */
  presence(vehicle: VehicleRef, online: boolean): void {
    if (online && this.handover) this.hold(vehicle.vin, this.takeOver(vehicle));
  }

  private async takeOver(v: VehicleRef): Promise<void> {
    await this.preload();
    const state = await this.handover!.claim(v.tenantId, v.vin);
    if (!state) return;
    this.alarms.replace(v.vin, state.alarms);
    this.faults.replace(v.vin, state.faults);
    if (state.fenceSides) this.fences.restore(v.vin, state.fenceSides);
  }

  /** The vehicle logged in at another gateway, which now owns its alarms. */
  private forget(vin: string): void {
    this.alarms.forget(vin);
    this.evaluator.forget(vin);
    this.faults.forget(vin);
    this.fences.forget(vin);
  }

  /** Holds a vehicle's frames (in order) until `gate` settles, then runs them as if just arrived. */
  private hold(vin: string, gate: Promise<unknown>, frame?: VehicleFrame): void {
    let h = this.held.get(vin);
    if (!h) this.held.set(vin, (h = { waits: 0, frames: [] }));
    if (frame) h.frames.push(frame);
    h.waits++;
    const entry = h;
    gate.catch((err) => this.logger.error({ err, vin }, 'alarm state of vehicle not loaded')).finally(() => {
      if (--entry.waits > 0) return;
      this.held.delete(vin);
      for (const f of entry.frames) this.frame(f);
    });
  }

  private evaluate({ state, faults }: VehicleFrame): void {
    const t = state.snapshot;
    let changed = false;
    for (const e of this.alarms.process(t, this.evaluator.conditions(state, this.now()))) {
      changed = true;
      this.raise('alarm', subjects.alarm(t.tenantId, t.vin), this.stamped(e));
    }
    // Most frames list no fault: no look-up table is built for them.
    const byType = faults.length > 0 ? new Map(faults.map((f) => [f.type, f])) : undefined;
    for (const e of this.faults.process(t, faults)) {
      changed = true;
      const f = byType?.get(e.alarmType);
      const [category, code] = e.alarmType.split(':') as [string, string];
      const event: FaultEvent = {
        id: e.id, phase: e.phase, tenantId: e.tenantId, vin: e.vin, vehicleId: e.vehicleId, plate: e.plate, level: e.level,
        startTime: e.startTime, endTime: e.endTime, live: e.live, speedKmh: e.speedKmh, lng: e.lng, lat: e.lat,
        category, faultCode: code, faultName: f?.name ?? '', spn: f?.spn ?? null, fmi: f?.fmi ?? null,
      };
      this.raise('fault', subjects.fault(t.tenantId, t.vin), event);
    }
    for (const e of this.fences.check(t)) this.raise('fence', subjects.fence(t.tenantId, t.vin), this.stamped(e, FENCE_TYPE));
    if (changed || this.fences.sidesChanged) this.handover?.save(t.vin, this.alarms.openOf(t.vin), this.faults.openOf(t.vin), this.fences.sidesOf(t.vin));
  }

  /** A start of a type the tenant does not want handled says so (stored as handled by the system, no card). */
  private stamped<E extends AlarmEvent | FenceEvent>(e: E, type = (e as AlarmEvent).alarmType): E {
    if (e.phase === 'start' && !this.rules.mustHandle(e.tenantId, type)) e.mustHandle = false;
    return e;
  }

  /**
   * A new event: handed to this gateway's own listeners (the alarm cards of its sockets) at once,
   * then published for storage and the other gateways. Retries publish only: the listeners had it.
   */
  private raise<K extends EventKind>(kind: K, subject: string, event: EventOf[K]): void {
    try {
      this.onEvent?.(kind, event);
    } catch (err) {
      this.logger.error({ err, vin: event.vin, id: event.id }, 'alarm event listener failed');
    }
    this.publish(subject, event);
  }

  /** Not awaited: the next event (or frame) never waits for this one's store acknowledgement. */
  private publish(subject: string, event: AlarmEvent | FaultEvent | FenceEvent): void {
    try {
      const sent = this.bus.publishDurable(subject, this.enc.encode(JSON.stringify(event))).then(() => void this.published++, (err) => this.failed(err, subject, event));
      this.inFlight.add(sent);
      void sent.finally(() => this.inFlight.delete(sent));
    } catch (err) {
      this.failed(err, subject, event);
    }
  }

  /**
   * An event the bus did not store is published again later (its id makes a repeat harmless):
   * an alarm is never lost to a bus outage shorter than the queue. Past MAX_RETRY_QUEUE events
   * the oldest are given up, each logged.
   */
  private failed(err: unknown, subject: string, event: AlarmEvent | FaultEvent | FenceEvent): void {
    this.publishFailed++;
    this.logger.error({ err, vin: event.vin, id: event.id, phase: event.phase }, 'alarm event not published; publishing it again');
    this.retryQueue.push({ subject, event });
    while (this.retryQueue.length > MAX_RETRY_QUEUE) {
      const lost = this.retryQueue.shift()!;
      this.logger.error({ vin: lost.event.vin, id: lost.event.id, phase: lost.event.phase }, 'alarm event given up: the bus stayed down too long');
    }
    if (this.stopping) return;
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined;
      for (const r of this.takeRetries()) this.publish(r.subject, r.event);
    }, RETRY_MS).unref();
  }

  /**
   * The queued events, each as it should go now: a start whose alarm has ended since (its end is queued too, or it is
   * no longer open) is stored but raises no card, so no operator is called to an alarm that is over.
   */
  private takeRetries(): Array<{ subject: string; event: AlarmEvent | FaultEvent | FenceEvent }> {
    const queue = this.retryQueue;
    this.retryQueue = [];
    const ended = new Set(queue.filter((r) => r.event.phase === 'end').map((r) => r.event.id));
    const open = (e: AlarmEvent | FaultEvent | FenceEvent) => {
      if (ended.has(e.id)) return false;
      if ('fenceId' in e) return true;
      return ('faultCode' in e ? this.faults : this.alarms).openOf(e.vin).some((o) => o.id === e.id);
    };
    return queue.map((r) => (r.event.phase === 'start' && r.event.live && !open(r.event) ? { ...r, event: { ...r.event, live: false } } : r));
  }

  /**
   * The gateway is closing: publishes in flight are awaited (at most STOP_WAIT_MS), then events still waiting get one
   * last try while the bus is open; each one the bus refuses even then is logged as lost.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.silenceTimer);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await Promise.race([Promise.allSettled([...this.inFlight]), delay(STOP_WAIT_MS)]);
    const queue = this.takeRetries();
    const tries = await Promise.allSettled(queue.map((r) => this.bus.publishDurable(r.subject, this.enc.encode(JSON.stringify(r.event)))));
    tries.forEach((t, i) => {
      if (t.status === 'fulfilled') return;
      const { event } = queue[i]!;
      this.logger.error({ err: t.reason, vin: event.vin, id: event.id, phase: event.phase }, 'alarm event lost: the bus refused it at shutdown');
    });
  }
}
