import type { Telemetry } from '@wdiov/contracts';
import type { AlarmData, Edition, RealtimeItem } from '@wdiov/contracts/protocol/index';
import type { VehicleRef } from './vehicle-directory.ts';

/** A frame of a known vehicle as received: its bytes go to the raw stream as they are. */
export interface ReceivedFrame {
  tenantId: string;
  vin: string;
  command: number;
  receivedAt: number;
  bytes: Uint8Array;
}

/** A sink that buffers says when it holds too much; the ingest then stops reading its sockets. */
export interface Backpressure {
  readonly full: boolean;
  /** Calls back once the sink takes frames again (at once when it is not full). */
  onReady(callback: () => void): void;
}

/** Where decoded vehicle data goes: the bus publisher, the alarm engine, … */
export interface IngestSink {
  /**
   * A realtime (live) or reissue snapshot, with the alarm block of its frame when it had one and
   * the frame's decoded units (for sinks that read more than the snapshot: cell lists, insulation).
   */
  telemetry(t: Telemetry, alarm: AlarmData | undefined, edition: Edition, items?: readonly RealtimeItem[]): void;
  /** Every frame received from a known vehicle, as sent. */
  raw(r: ReceivedFrame): void;
  /** Login and logout/disconnect of a vehicle. */
  presence(vehicle: VehicleRef, online: boolean, at: number): void;
  /**
   * true: the sink reads the per-cell voltages and probe temperatures of realtime data, which the
   * ingest otherwise leaves undecoded (about half a frame's decoding time).
   */
  readonly readsCells?: boolean;
  /** Present on sinks that buffer (see Backpressure). */
  readonly backpressure?: Backpressure;
  /** Hands on what the sink still buffers; the ingest awaits it when it closes. */
  flush?(): Promise<void>;
}

/** Several sinks' backpressure as one: full while any of them is. */
function eitherFull(gates: Backpressure[]): Backpressure | undefined {
  if (gates.length <= 1) return gates[0];
  const all: Backpressure = {
    get full() {
      return gates.some((g) => g.full);
    },
    onReady(callback) {
      const blocking = gates.find((g) => g.full);
      if (blocking) blocking.onReady(() => all.onReady(callback));
      else callback();
    },
  };
  return all;
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
    telemetry: (t, a, e, items) => each((s) => s.telemetry(t, a, e, items)),
    raw: (r) => each((s) => s.raw(r)),
    presence: (v, o, at) => each((s) => s.presence(v, o, at)),
    readsCells: sinks.some((s) => s.readsCells === true),
    backpressure: eitherFull(sinks.flatMap((s) => (s.backpressure ? [s.backpressure] : []))),
    flush: async () => {
      await Promise.all(sinks.map((s) => s.flush?.()));
    },
  };
}
