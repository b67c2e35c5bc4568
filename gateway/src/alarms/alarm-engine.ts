import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { subjects, type AlarmEvent, type FaultEvent, type FenceEvent, type Telemetry } from '@wdiov/contracts';
import type { FenceWatch } from './fence-watch.ts';
import { decodeJ1939Dtc, type AlarmData, type Edition } from '@wdiov/contracts/protocol/index';
import type { Db } from '../db/client.ts';
import type { MessageBus } from '../bus/bus.ts';
import { vehicleAlarmDataTable, vehicleFaultDataTable } from '../db/schema/index.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';
import { AlarmTracker, conditionsOf, type PlatformRules } from './alarm-tracker.ts';

export interface RulesProvider {
  rulesFor(tenantId: string): Promise<PlatformRules | undefined>;
}

const FAULT_LISTS = [['ress', 'ressFaultCodes'], ['motor', 'motorFaultCodes'], ['engine', 'engineFaultCodes'], ['other', 'otherFaultCodes']] as const;

/** A fault-list DWORD as the four DTC bytes in wire order (SPN low byte first, as DM1 packs them). */
function dwordBytes(code: number): Uint8Array {
  return new Uint8Array([(code >>> 24) & 0xff, (code >>> 16) & 0xff, (code >>> 8) & 0xff, code & 0xff]);
}

/** The fault conditions of an alarm block: each listed code, read as a J1939 DTC (SPN/FMI). */
function faultConditions(alarm: AlarmData | undefined) {
  const out: { type: string; name: string; level: number; source: 'gbt32960'; category: string; code: number }[] = [];
  if (!alarm) return out;
  for (const [category, key] of FAULT_LISTS) {
    for (const code of alarm[key]) {
      out.push({ type: `${category}:${code.toString(16).toUpperCase().padStart(8, '0')}`, name: '', level: 1, source: 'gbt32960', category, code });
    }
  }
  return out;
}

/**
 * The live half of alarm handling on the gateway that holds a vehicle's connection: snapshots
 * in, alarm and fault events (start/end) out on the durable subjects. Reissued data is stored
 * elsewhere and never starts or ends an alarm here (it is old by definition).
 */
export class AlarmEngine implements IngestSink {
  private readonly alarms = new AlarmTracker();
  private readonly faults = new AlarmTracker();
  /** Per vehicle, frames wait for the open alarms of storage to be restored, then run in order. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly enc = new TextEncoder();
  published = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
    private readonly rules: RulesProvider,
    private readonly fences: FenceWatch,
    private readonly logger: Logger,
  ) {}

  /** Set once every open alarm of storage has been loaded: no per-vehicle look-up is needed then. */
  private preloaded = false;

  /**
   * Loads every alarm and fault still open in storage in two queries, before terminals connect:
   * after a restart, ten thousand vehicles reconnecting must not mean twenty thousand look-ups.
   */
  async preload(): Promise<void> {
    const a = vehicleAlarmDataTable as unknown as Record<string, never>;
    const open = await this.db.select({ id: a.id!, vin: a.vin!, type: a.alarmType!, start: a.startTime! }).from(vehicleAlarmDataTable)
      .where(and(isNull(a.endTime!), eq(a.isDeleted!, 0)));
    const fl = vehicleFaultDataTable as unknown as Record<string, never>;
    const openFaults = await this.db.select({ id: fl.id!, vin: fl.vin!, cat: fl.category!, code: fl.faultCode!, start: fl.startTime! }).from(vehicleFaultDataTable)
      .where(and(isNull(fl.endTime!), eq(fl.isDeleted!, 0)));
    for (const r of open) this.alarms.restore(String(r.vin), [{ id: String(r.id), type: String(r.type), startTime: (r.start as Date).getTime() }]);
    for (const r of openFaults) this.faults.restore(String(r.vin), [{ id: String(r.id), type: `${String(r.cat)}:${String(r.code)}`, startTime: (r.start as Date).getTime() }]);
    this.preloaded = true;
  }

  telemetry(t: Telemetry, alarm: AlarmData | undefined, edition: Edition): void {
    if (t.reissue) return;
    const prev = this.chains.get(t.vin) ?? (this.preloaded ? Promise.resolve() : this.restore(t));
    const next = prev.then(() => this.evaluate(t, alarm, edition)).catch((err) => this.logger.error({ err, vin: t.vin }, 'alarm evaluation failed'));
    this.chains.set(t.vin, next);
  }

  raw(): void {}
  presence(): void {}

  /** After a restart, alarms still open in storage keep their ids (one alarm, not two). */
  private async restore(t: Telemetry): Promise<void> {
    const a = vehicleAlarmDataTable as unknown as Record<string, never>;
    const open = await this.db.select({ id: a.id!, type: a.alarmType!, start: a.startTime! }).from(vehicleAlarmDataTable)
      .where(and(eq(a.tenantId!, t.tenantId), eq(a.vin!, t.vin), isNull(a.endTime!), eq(a.isDeleted!, 0)));
    this.alarms.restore(t.vin, open.map((r) => ({ id: String(r.id), type: String(r.type), startTime: (r.start as Date).getTime() })));
    const fl = vehicleFaultDataTable as unknown as Record<string, never>;
    const openFaults = await this.db.select({ id: fl.id!, cat: fl.category!, code: fl.faultCode!, start: fl.startTime! }).from(vehicleFaultDataTable)
      .where(and(eq(fl.tenantId!, t.tenantId), eq(fl.vin!, t.vin), isNull(fl.endTime!), eq(fl.isDeleted!, 0)));
    this.faults.restore(t.vin, openFaults.map((r) => ({ id: String(r.id), type: `${String(r.cat)}:${String(r.code)}`, startTime: (r.start as Date).getTime() })));
  }

  private async evaluate(t: Telemetry, alarm: AlarmData | undefined, edition: Edition) {
    const rules = await this.rules.rulesFor(t.tenantId);
    for (const e of this.alarms.process(t, conditionsOf(t, alarm, edition, rules))) await this.publish(subjects.alarm(t.tenantId, t.vin), e);
    const faults = faultConditions(alarm);
    const byType = new Map(faults.map((f) => [f.type, f]));
    for (const e of this.faults.process(t, faults)) {
      const f = byType.get(e.alarmType);
      const [category, code] = e.alarmType.split(':') as [string, string];
      const dtc = f ? decodeJ1939Dtc(dwordBytes(f.code), 0) : undefined;
      const event: FaultEvent = {
        id: e.id, phase: e.phase, tenantId: e.tenantId, vin: e.vin, vehicleId: e.vehicleId, plate: e.plate, level: e.level,
        startTime: e.startTime, endTime: e.endTime, live: e.live, speedKmh: e.speedKmh, lng: e.lng, lat: e.lat,
        category, faultCode: code, faultName: dtc ? `SPN ${dtc.spn} FMI ${dtc.fmi}` : '', spn: dtc?.spn ?? null, fmi: dtc?.fmi ?? null,
      };
      await this.publish(subjects.fault(t.tenantId, t.vin), event);
    }
    for (const e of await this.fences.check(t)) await this.publish(subjects.fence(t.tenantId, t.vin), e);
  }

  private async publish(subject: string, event: AlarmEvent | FaultEvent | FenceEvent) {
    await this.bus.publishDurable(subject, this.enc.encode(JSON.stringify(event)));
    this.published++;
  }
}
