import type { RawFrame, Telemetry } from '@wdiov/contracts';
import type { AlarmData, Edition } from '@wdiov/contracts/protocol/index';
import type { VehicleRef } from './vehicle-directory.ts';

/** Where decoded vehicle data goes: the bus publisher, the alarm engine, … */
export interface IngestSink {
  /** A realtime (live) or reissue snapshot, with the alarm block of its frame when it had one. */
  telemetry(t: Telemetry, alarm: AlarmData | undefined, edition: Edition): void;
  /** Every frame received from a known vehicle, as sent. */
  raw(r: RawFrame): void;
  /** Login and logout/disconnect of a vehicle. */
  presence(vehicle: VehicleRef, online: boolean, at: number): void;
}

/** Fans one sink call out to several sinks; a failing sink is reported, the others still run. */
export function fanOut(sinks: IngestSink[], onError: (err: unknown) => void): IngestSink {
  const each = (f: (s: IngestSink) => void) => {
    for (const s of sinks) {
      try {
        f(s);
      } catch (err) {
        onError(err);
      }
    }
  };
  return {
    telemetry: (t, a, e) => each((s) => s.telemetry(t, a, e)),
    raw: (r) => each((s) => s.raw(r)),
    presence: (v, o, at) => each((s) => s.presence(v, o, at)),
  };
}
