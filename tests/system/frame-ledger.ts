import { Command, activeAlarms, decodeFrame, gbTimeToEpochMs, type AlarmData, type Frame, type RealtimeBody, type VehicleData } from '@wdiov/contracts/protocol/index';

/**
 * What the simulator actually sent, decoded: for each vehicle, the live alarm periods its
 * realtime frames show (a flag set in consecutive live frames is one alarm), and how far and how
 * long it reported. The system tests compare the stored alarms and the statistics with this ledger.
 */
export class FrameLedger {
  private readonly active = new Map<string, Set<string>>();
  readonly alarms = new Map<string, number>();
  /** Per vehicle: the first and last odometer reading and frame time its live frames showed. */
  readonly odometers = new Map<string, { firstKm: number; lastKm: number; firstTs: number; lastTs: number }>();
  frames = 0;

  record(bytes: Uint8Array): void {
    const r = decodeFrame(bytes);
    if (!r.ok || r.frame.command !== Command.realtime) return;
    this.frames++;
    const frame = r.frame as Frame<RealtimeBody>;
    const vehicle = frame.body.items.find((i): i is VehicleData => i.kind === 'vehicle');
    if (vehicle && typeof vehicle.mileageKm === 'number') {
      const ts = gbTimeToEpochMs(frame.body.time);
      const seen = this.odometers.get(frame.vin);
      if (!seen) this.odometers.set(frame.vin, { firstKm: vehicle.mileageKm, lastKm: vehicle.mileageKm, firstTs: ts, lastTs: ts });
      else Object.assign(seen, { lastKm: vehicle.mileageKm, lastTs: ts });
    }
    const alarm = frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
    const now = new Set(alarm ? activeAlarms(alarm, frame.edition).map((a) => `gb:${a.key}`) : []);
    const before = this.active.get(frame.vin) ?? new Set<string>();
    for (const type of now) if (!before.has(type)) this.alarms.set(`${frame.vin}|${type}`, (this.alarms.get(`${frame.vin}|${type}`) ?? 0) + 1);
    this.active.set(frame.vin, now);
  }

  /** Whether the vehicle's last live frame still showed this alarm. */
  stillActive(vin: string, type: string): boolean {
    return this.active.get(vin)?.has(type) ?? false;
  }

  total(): number {
    let n = 0;
    for (const v of this.alarms.values()) n += v;
    return n;
  }
}
