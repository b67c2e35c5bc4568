/**
 * Which frames of a raw batch go to a platform, and as what: realtime and reissue frames of
 * the vehicles bound to it, from their start date on, never a blacklisted one. A realtime frame
 * that waited longer than the live window (an outage's backlog) goes as reissue; the reissued
 * frames of one call go in collection-time order.
 */
import type { RawFrameBatch } from '@wdiov/contracts';
import { Command, gbTimeToEpochMs, realtimeTimeOf } from '@wdiov/contracts/protocol/index';

export interface BoundVehicle {
  vehicleId: string;
  /** Frames collected before this instant (epoch ms) are not forwarded; 0 = all. */
  fromMs: number;
}

export interface ForwardTargets {
  tenantId: string;
  /** Bound vehicles by VIN, blacklisted ones already left out. */
  vehicles: ReadonlyMap<string, BoundVehicle>;
}

export interface ForwardFrame {
  /** Row id, the same in every copy of the frame on the stream. */
  id: string;
  vin: string;
  vehicleId: string;
  /** The vehicle's frame as received. */
  bytes: Uint8Array;
  /** What it goes as: Command.realtime or Command.reissue. */
  command: typeof Command.realtime | typeof Command.reissue;
  /** Collection time (epoch ms). */
  time: number;
  receivedAt: number;
}

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The targets from bindings and blacklist rows: a VIN blacklisted for this platform or for all never appears. */
export function forwardTargets(tenantId: string, bindings: { vin: string; vehicleId: string; fromMs: number }[], blacklisted: Iterable<string>): ForwardTargets {
  const barred = new Set(blacklisted);
  const vehicles = new Map<string, BoundVehicle>();
  for (const b of bindings) if (!barred.has(b.vin)) vehicles.set(b.vin, { vehicleId: b.vehicleId, fromMs: b.fromMs });
  return { tenantId, vehicles };
}

/**
 * The frames of these batches (in stream order) that go to the platform. `now` and `liveWindowMs`
 * decide realtime versus reissue: a realtime frame received more than the window ago is backlog.
 * Realtime frames keep stream order; reissued ones follow in collection-time order.
 */
export function selectFrames(batches: readonly RawFrameBatch[], targets: ForwardTargets, now: number, liveWindowMs: number): ForwardFrame[] {
  const live: ForwardFrame[] = [];
  const backlog: ForwardFrame[] = [];
  for (const b of batches) {
    for (let i = 0; i < b.id.length; i++) {
      const command = b.command[i];
      if (command !== Command.realtime && command !== Command.reissue) continue;
      if (b.tenantId[i] !== targets.tenantId) continue;
      const vin = b.vin[i]!;
      const bound = targets.vehicles.get(vin);
      if (!bound) continue;
      const bytes = fromHex(b.hex[i]!);
      const t = realtimeTimeOf(bytes);
      if (!t) continue;
      const time = gbTimeToEpochMs(t);
      if (time < bound.fromMs) continue;
      const receivedAt = b.receivedAt[i]!;
      const late = command === Command.reissue || now - receivedAt > liveWindowMs;
      (late ? backlog : live).push({ id: b.id[i]!, vin, vehicleId: bound.vehicleId, bytes, command: late ? Command.reissue : Command.realtime, time, receivedAt });
    }
  }
  backlog.sort((a, b) => a.time - b.time);
  return live.length === 0 ? backlog : [...backlog, ...live];
}
