import type { Socket } from 'node:net';
import {
  Command, ResponseFlag, buildErrorAck, buildHeartbeatAck, buildLoginAck, buildTimeSyncAck, createFramer, decodeFrame,
  gbTimeFromEpochMs, messageTime, messageTimeOfBytes, type AlarmData, type Frame, type RealtimeBody,
} from '@wdiov/contracts/protocol/index';
import { normalize, type PreviousFix } from './normalize.ts';
import type { IngestSink } from './ingest-sink.ts';
import type { VehicleDirectory, VehicleRef } from './vehicle-directory.ts';
import type { IngestStats } from './ingest-stats.ts';

export interface ConnectionLimits {
  maxFrameSize: number;
  /** Sustained frames per second; bursts up to `burst` (a reissue window arrives at once). */
  ratePerS: number;
  burst: number;
}

const toHex = (b: Uint8Array) => {
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i]! < 16 ? '0' : '') + b[i]!.toString(16);
  return s;
};

/**
 * One terminal's TCP connection: frames the byte stream, answers login, logout, heartbeat and
 * time sync as GB/T 32960 says, refuses unknown VINs, and hands data of known vehicles to the
 * sink. Realtime frames are not acked on success (the standard); bad ones get an error ack.
 */
export class TerminalConnection {
  private readonly framer;
  private vehicle: VehicleRef | null = null;
  private prev: PreviousFix | undefined;
  private tokens: number;
  private lastRefill = Date.now();
  /** Frames are handled in order even though the VIN look-up is asynchronous. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: Socket,
    private readonly directory: VehicleDirectory,
    private readonly sink: IngestSink,
    private readonly stats: IngestStats,
    private readonly limits: ConnectionLimits,
    private readonly onUnknownVin: (vin: string, remote: string) => void,
  ) {
    this.framer = createFramer({ maxFrameSize: limits.maxFrameSize });
    this.tokens = limits.burst;
  }

  get vin(): string | undefined {
    return this.vehicle?.vin;
  }

  /** Sends a frame to the terminal (acks, and commands of remote diagnosis). */
  send(bytes: Uint8Array): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  onData(chunk: Buffer): void {
    const before = { ...this.framer.stats };
    const frames = this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.stats.badChecksum += this.framer.stats.badChecksum - before.badChecksum;
    this.stats.garbageBytes += this.framer.stats.garbageBytes - before.garbageBytes;
    this.stats.oversize += this.framer.stats.oversize - before.oversize;
    for (const bytes of frames) {
      if (!this.take()) {
        this.stats.rateLimited++;
        continue;
      }
      this.queue = this.queue.then(() => this.handle(bytes)).catch((err) => {
        this.stats.errors++;
        this.stats.lastError = err instanceof Error ? err.message : String(err);
      });
    }
  }

  /** Token bucket per connection. */
  private take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.lastRefill) / 1000) * this.limits.ratePerS);
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private async handle(bytes: Uint8Array): Promise<void> {
    this.stats.frames++;
    const decoded = decodeFrame(bytes);
    if (!decoded.ok) {
      this.stats.badFrames++;
      if (decoded.header && decoded.header.responseFlag === ResponseFlag.command) {
        this.send(buildErrorAck(decoded.header, ResponseFlag.error, messageTimeOfBytes(bytes)));
      }
      return;
    }
    const frame = decoded.frame;
    if (frame.responseFlag !== ResponseFlag.command) return; // answers to our commands: handled by diagnosis later
    if (frame.command === Command.heartbeat) return this.send(buildHeartbeatAck(frame));
    if (frame.command === Command.timeSync) return this.send(buildTimeSyncAck(frame, gbTimeFromEpochMs(Date.now())));
    const vehicle = await this.resolve(frame);
    if (!vehicle) return;
    this.sink.raw({ tenantId: vehicle.tenantId, vin: vehicle.vin, command: frame.command, receivedAt: Date.now(), ts: null, hex: toHex(bytes) });
    switch (frame.command) {
      case Command.vehicleLogin:
        this.send(buildLoginAck(frame));
        this.sink.presence(vehicle, true, Date.now());
        return;
      case Command.vehicleLogout:
        this.send(buildLoginAck(frame));
        this.sink.presence(vehicle, false, Date.now());
        return;
      case Command.realtime:
      case Command.reissue:
        return this.realtime(frame as Frame<RealtimeBody>, vehicle, frame.command === Command.reissue);
    }
  }

  /** The vehicle of a frame's VIN; unknown VINs get the error answer and a log row. */
  private async resolve(frame: Frame): Promise<VehicleRef | null> {
    if (this.vehicle?.vin === frame.vin) return this.vehicle;
    const found = await this.directory.find(frame.vin);
    if (!found) {
      this.stats.unknownVin++;
      const flag = frame.edition === '2025' ? ResponseFlag.vinNotFound : ResponseFlag.error;
      this.send(buildErrorAck(frame, flag, messageTime(frame.body)));
      this.onUnknownVin(frame.vin, `${this.socket.remoteAddress ?? ''}:${this.socket.remotePort ?? ''}`);
      return null;
    }
    this.vehicle = found;
    return found;
  }

  private realtime(frame: Frame<RealtimeBody>, vehicle: VehicleRef, reissue: boolean) {
    if (frame.body.kind !== 'realtime') return;
    const t = normalize(frame.body, vehicle, reissue, reissue ? undefined : this.prev);
    if (!reissue) this.prev = { lng: t.lng, lat: t.lat, heading: t.heading };
    const alarm = frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
    this.stats.telemetry++;
    this.sink.telemetry(t, alarm, frame.edition);
  }

  close(): void {
    if (this.vehicle) this.sink.presence(this.vehicle, false, Date.now());
  }
}
