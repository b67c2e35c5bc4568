import type { AlarmEvent, OpenAlarm, Telemetry } from '@wdiov/contracts';
import { keyedId } from '../lib/keyed-id.ts';

/** An alarm a frame shows: its type at a level. `since`: it began before this frame (a condition that had to last). */
export interface Condition {
  readonly type: string;
  readonly name: string;
  readonly level: number;
  readonly source: AlarmEvent['source'];
  readonly since?: number;
}

/**
 * Conditions are few and fixed (a rule at a level): each is made once and shared, so a frame
 * that shows one allocates nothing for it (these run for every frame of the fleet).
 */
const conditions = new Map<string, Condition[]>();
export function condition(type: string, name: string, level: number, source: AlarmEvent['source']): Condition {
  let byLevel = conditions.get(type);
  if (!byLevel) conditions.set(type, (byLevel = []));
  return (byLevel[level] ??= Object.freeze({ type, name, level, source }));
}
const NONE: readonly AlarmEvent[] = Object.freeze([]);
type EventBase = Pick<AlarmEvent, 'tenantId' | 'vin' | 'vehicleId' | 'plate' | 'live' | 'speedKmh' | 'lng' | 'lat'>;

/** What an event takes from the snapshot it was raised (or last seen) with. */
function baseOf(t: Telemetry): EventBase {
  const speed = typeof t.speedKmh === 'number' ? t.speedKmh : t.speedKmh === 'invalid' ? -0.1 : t.speedKmh === 'abnormal' ? -0.2 : null;
  return { tenantId: t.tenantId, vin: t.vin, vehicleId: t.vehicleId, plate: t.plate, live: !t.reissue, speedKmh: speed, lng: t.lng, lat: t.lat };
}

/**
 * An alarm occurrence's row id: the same vehicle, type and start always give the same id, so a
 * redelivered or re-raised event updates its row instead of adding one.
 */
export function alarmId(vin: string, type: string, startTime: number): string {
  return keyedId(vin, type, startTime);
}

/**
 * Turns successive snapshots of each vehicle into alarms with a start and an end: a condition
 * that stays true across frames is one alarm, not one per frame. Open alarms can be seeded from
 * the database (after a restart) so an ongoing alarm keeps its id.
 */
export class AlarmTracker {
  private readonly open = new Map<string, Map<string, OpenAlarm>>();

  /** Restores alarms still open in storage for a vehicle. */
  restore(vin: string, alarms: OpenAlarm[]): void {
    const map = this.open.get(vin) ?? new Map<string, OpenAlarm>();
    for (const a of alarms) if (!map.has(a.type)) map.set(a.type, a);
    this.open.set(vin, map);
  }

  /** Sets a vehicle's open alarms to those handed over by the gateway it came from. */
  replace(vin: string, alarms: OpenAlarm[]): void {
    this.open.set(vin, new Map(alarms.map((a) => [a.type, a])));
  }

  /** The vehicle is now another gateway's: its alarms are no longer tracked here. */
  forget(vin: string): void {
    this.open.delete(vin);
  }

  known(vin: string): boolean {
    return this.open.has(vin);
  }

  isOpen(vin: string, type: string): boolean {
    return this.open.get(vin)?.has(type) ?? false;
  }

  /**
   * Opens an alarm no frame shows (a vehicle that went silent), with `last` the vehicle's last
   * snapshot; the next frame that does not show it ends it. Undefined when it is open already.
   */
  openSilent(last: Telemetry, c: Condition, startTime: number): AlarmEvent | undefined {
    let map = this.open.get(last.vin);
    if (!map) this.open.set(last.vin, (map = new Map<string, OpenAlarm>()));
    if (map.has(c.type)) return undefined;
    const open: OpenAlarm = { id: alarmId(last.vin, c.type, startTime), type: c.type, startTime };
    map.set(c.type, open);
    return { ...baseOf(last), live: true, id: open.id, phase: 'start', level: c.level, startTime, endTime: null, source: c.source, alarmType: c.type, alarmName: c.name };
  }

  openOf(vin: string): OpenAlarm[] {
    return [...(this.open.get(vin)?.values() ?? [])];
  }

  /** The starts and ends this snapshot makes (an empty, shared list for most frames: nothing changed). */
  process(t: Telemetry, conditions: readonly Condition[]): readonly AlarmEvent[] {
    let map = this.open.get(t.vin);
    if (!map) {
      if (conditions.length === 0) return NONE;
      this.open.set(t.vin, (map = new Map<string, OpenAlarm>()));
    }
    let events: AlarmEvent[] | undefined;
    let base: EventBase | undefined;
    for (const c of conditions) {
      if (map.has(c.type)) continue;
      const startTime = c.since ?? t.ts;
      const open: OpenAlarm = { id: alarmId(t.vin, c.type, startTime), type: c.type, startTime };
      map.set(c.type, open);
      (events ??= []).push({ ...(base ??= baseOf(t)), id: open.id, phase: 'start', level: c.level, startTime, endTime: null, source: c.source, alarmType: c.type, alarmName: c.name });
    }
    if (map.size > 0) {
      for (const [type, open] of map) {
        if (conditions.some((c) => c.type === type)) continue;
        map.delete(type);
        (events ??= []).push({ ...(base ??= baseOf(t)), id: open.id, phase: 'end', level: 0, startTime: open.startTime, endTime: t.ts, source: type.startsWith('gb:') ? 'gbt32960' : 'platform', alarmType: type, alarmName: '' });
      }
    }
    return events ?? NONE;
  }
}
