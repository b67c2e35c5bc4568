import { activeAlarms, hasValue, type AlarmData, type Edition } from '@wdiov/contracts/protocol/index';
import type { AlarmEvent, OpenAlarm, Telemetry } from '@wdiov/contracts';
import { keyedId } from '../lib/keyed-id.ts';

/** Platform thresholds of an alarm config (absent = rule off). */
export interface PlatformRules {
  overspeedKmh?: number;
  lowSocPercent?: number;
  cellSpreadMv?: number;
  maxTempC?: number;
  level: number;
}

interface Condition {
  readonly type: string;
  readonly name: string;
  readonly level: number;
  readonly source: AlarmEvent['source'];
}

/**
 * Conditions are few and fixed (a flag or rule at a level): each is made once and shared, so a
 * frame that shows one allocates nothing for it (these run for every frame of the fleet).
 */
const conditions = new Map<string, Condition[]>();
function condition(type: string, name: string, level: number, source: AlarmEvent['source']): Condition {
  let byLevel = conditions.get(type);
  if (!byLevel) conditions.set(type, (byLevel = []));
  return (byLevel[level] ??= Object.freeze({ type, name, level, source }));
}
const gbTypes = new Map<string, string>();
const gbType = (key: string) => gbTypes.get(key) ?? (gbTypes.set(key, `gb:${key}`), `gb:${key}`);
const NONE: readonly AlarmEvent[] = Object.freeze([]);
const num = (v: Telemetry[keyof Telemetry]) => (typeof v === 'number' ? v : undefined);

/**
 * An alarm occurrence's row id: the same vehicle, type and start always give the same id, so a
 * redelivered or re-raised event updates its row instead of adding one.
 */
export function alarmId(vin: string, type: string, startTime: number): string {
  return keyedId(vin, type, startTime);
}

/** The conditions a live snapshot shows: GB/T 32960 flags, then the platform's own rules. */
export function conditionsOf(t: Telemetry, alarm: AlarmData | undefined, edition: Edition, rules: PlatformRules | undefined): Condition[] {
  const out: Condition[] = [];
  if (alarm) {
    const frameLevel = hasValue(alarm.maxLevel) ? alarm.maxLevel : 1;
    for (const a of activeAlarms(alarm, edition)) {
      out.push(condition(gbType(a.key), a.zh, Math.max(1, Math.min(4, a.level ?? frameLevel)), 'gbt32960'));
    }
  }
  if (rules) {
    const speed = num(t.speedKmh);
    const soc = num(t.socPercent);
    const maxV = num(t.maxCellVoltageV);
    const minV = num(t.minCellVoltageV);
    const temp = num(t.maxTempC);
    const level = rules.level;
    if (rules.overspeedKmh !== undefined && speed !== undefined && speed > rules.overspeedKmh) out.push(condition('platform:overspeed', '超速报警', level, 'platform'));
    if (rules.lowSocPercent !== undefined && soc !== undefined && soc < rules.lowSocPercent) out.push(condition('platform:lowSoc', 'SOC过低报警', level, 'platform'));
    if (rules.cellSpreadMv !== undefined && maxV !== undefined && minV !== undefined && (maxV - minV) * 1000 > rules.cellSpreadMv) out.push(condition('platform:cellSpread', '单体压差过大报警', level, 'platform'));
    if (rules.maxTempC !== undefined && temp !== undefined && temp > rules.maxTempC) out.push(condition('platform:overTemperature', '温度过高报警', level, 'platform'));
  }
  return out;
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
    let base: Pick<AlarmEvent, 'tenantId' | 'vin' | 'vehicleId' | 'plate' | 'live' | 'speedKmh' | 'lng' | 'lat'> | undefined;
    const baseOf = () => {
      const speed = typeof t.speedKmh === 'number' ? t.speedKmh : t.speedKmh === 'invalid' ? -0.1 : t.speedKmh === 'abnormal' ? -0.2 : null;
      return { tenantId: t.tenantId, vin: t.vin, vehicleId: t.vehicleId, plate: t.plate, live: !t.reissue, speedKmh: speed, lng: t.lng, lat: t.lat };
    };
    for (const c of conditions) {
      if (map.has(c.type)) continue;
      const open: OpenAlarm = { id: alarmId(t.vin, c.type, t.ts), type: c.type, startTime: t.ts };
      map.set(c.type, open);
      (events ??= []).push({ ...(base ??= baseOf()), id: open.id, phase: 'start', level: c.level, startTime: t.ts, endTime: null, source: c.source, alarmType: c.type, alarmName: c.name });
    }
    if (map.size > 0) {
      for (const [type, open] of map) {
        if (conditions.some((c) => c.type === type)) continue;
        map.delete(type);
        (events ??= []).push({ ...(base ??= baseOf()), id: open.id, phase: 'end', level: 0, startTime: open.startTime, endTime: t.ts, source: type.startsWith('gb:') ? 'gbt32960' : 'platform', alarmType: type, alarmName: '' });
      }
    }
    return events ?? NONE;
  }
}
