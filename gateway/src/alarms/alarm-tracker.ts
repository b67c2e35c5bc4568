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
  type: string;
  name: string;
  level: number;
  source: AlarmEvent['source'];
}

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
      out.push({ type: `gb:${a.key}`, name: a.zh, level: Math.max(1, Math.min(4, a.level ?? frameLevel)), source: 'gbt32960' });
    }
  }
  if (rules) {
    const n = (v: Telemetry[keyof Telemetry]) => (typeof v === 'number' ? v : undefined);
    const speed = n(t.speedKmh);
    const soc = n(t.socPercent);
    const maxV = n(t.maxCellVoltageV);
    const minV = n(t.minCellVoltageV);
    const temp = n(t.maxTempC);
    const push = (type: string, name: string) => out.push({ type, name, level: rules.level, source: 'platform' });
    if (rules.overspeedKmh !== undefined && speed !== undefined && speed > rules.overspeedKmh) push('platform:overspeed', '超速报警');
    if (rules.lowSocPercent !== undefined && soc !== undefined && soc < rules.lowSocPercent) push('platform:lowSoc', 'SOC过低报警');
    if (rules.cellSpreadMv !== undefined && maxV !== undefined && minV !== undefined && (maxV - minV) * 1000 > rules.cellSpreadMv) push('platform:cellSpread', '单体压差过大报警');
    if (rules.maxTempC !== undefined && temp !== undefined && temp > rules.maxTempC) push('platform:overTemperature', '温度过高报警');
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

  process(t: Telemetry, conditions: Condition[]): AlarmEvent[] {
    const map = this.open.get(t.vin) ?? new Map<string, OpenAlarm>();
    this.open.set(t.vin, map);
    const events: AlarmEvent[] = [];
    const speed = typeof t.speedKmh === 'number' ? t.speedKmh : t.speedKmh === 'invalid' ? -0.1 : t.speedKmh === 'abnormal' ? -0.2 : null;
    const base = { tenantId: t.tenantId, vin: t.vin, vehicleId: t.vehicleId, plate: t.plate, live: !t.reissue, speedKmh: speed, lng: t.lng, lat: t.lat };
    const seen = new Set<string>();
    for (const c of conditions) {
      seen.add(c.type);
      if (map.has(c.type)) continue;
      const open: OpenAlarm = { id: alarmId(t.vin, c.type, t.ts), type: c.type, startTime: t.ts };
      map.set(c.type, open);
      events.push({ ...base, id: open.id, phase: 'start', level: c.level, startTime: t.ts, endTime: null, source: c.source, alarmType: c.type, alarmName: c.name });
    }
    for (const [type, open] of map) {
      if (seen.has(type)) continue;
      map.delete(type);
      events.push({ ...base, id: open.id, phase: 'end', level: 0, startTime: open.startTime, endTime: t.ts, source: type.startsWith('gb:') ? 'gbt32960' : 'platform', alarmType: type, alarmName: '' });
    }
    return events;
  }
}
