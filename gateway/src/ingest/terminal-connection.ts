import type { Socket } from 'node:net';
import {
  Command, ResponseFlag, buildErrorAck, buildHeartbeatAck, buildLoginAck, buildTimeSyncAck, createFramer, decodeFrame, gbTimeFromEpochMs, messageTime, messageTimeOfBytes, type AlarmData, type DecodeOptions, type Edition, type Frame,
  type FrameBody, type RealtimeBody,
} from '@wdiov/contracts/protocol/index';
import { FrameRate } from './frame-rate.ts';
import { DOWNLINK, PendingCommands, commandFrame, type CommandAnswer } from './pending-commands.ts';
import { normalize, type PreviousFix } from './normalize.ts';
import type { IngestSink } from './ingest-sink.ts';
import type { VehicleDirectory, VehicleRef } from './vehicle-directory.ts';
import type { IngestStats } from './ingest-stats.ts';
import type { TerminalBindings } from './terminal-binding.ts';

export interface ConnectionLimits {
  maxFrameSize: number;
  /** Sustained frames per second; bursts up to `burst` (a reissue window arrives at once). */
  ratePerS: number;
  burst: number;
}

/** Who wants to know when a vehicle logs in or out on a connection (the command holder of remote diagnosis). */
export interface TerminalSessions {
  loggedIn(conn: TerminalConnection, vehicle: VehicleRef): void;
  /** Logout, or the connection closed while logged in. */
  loggedOut(conn: TerminalConnection, vehicle: VehicleRef): void;
}

const LIVE_DECODE: DecodeOptions = { readings: false };

/**
 * Frames a connection holds while an earlier frame waits for its VIN look-up; beyond this the
 * socket is paused, so a terminal cannot make the gateway buffer without bound.
 */
export const MAX_HELD_FRAMES = 256;

/**
 * One terminal's TCP connection: frames the byte stream, answers login, logout, heartbeat and
 * time sync as GB/T 32960 says, refuses unknown VINs and terminals not bound to their vehicle, and
 * hands the data of the vehicle logged in to the sink. Realtime frames are not acked on success (the standard); bad ones get an error ack.
 * Downlink commands go out through sendCommand; the terminal's answers settle them and never
 * reach the sink as data.
 */
export class TerminalConnection {
  private readonly framer;
  private vehicle: VehicleRef | null = null;
  private prev: PreviousFix | undefined;
  private readonly rate: FrameRate;
  /** Frames waiting behind one whose VIN look-up is in progress: frames are handled in order. */
  private held: Uint8Array[] = [];
  private waiting = false;
  /** Paused until the sink's backpressure says it is ready (see applyBackpressure). */
  private pausedForSink = false;
  /** Edition of the terminal's login: commands are sent in the edition it speaks. */
  private edition: Edition | undefined;
  private loggedIn = false;
  private readonly pending = new PendingCommands();

  constructor(
    private readonly socket: Socket,
    private readonly directory: VehicleDirectory,
    private readonly sink: IngestSink,
    private readonly stats: IngestStats,
    private readonly limits: ConnectionLimits,
    private readonly onUnknownVin: (vin: string, remote: string) => void,
    private readonly sessions?: TerminalSessions,
    private readonly bindings?: TerminalBindings,
  ) {
    this.framer = createFramer({ maxFrameSize: limits.maxFrameSize });
    this.rate = new FrameRate(limits.ratePerS, limits.burst);
  }

  get vin(): string | undefined {
    return this.vehicle?.vin;
  }

  /** The connection guard closes connections that never log in or leave a frame half-sent. */
  isLoggedIn(): boolean {
    return this.loggedIn;
  }

  partialBytes(): number {
    return this.framer.buffered;
  }

  /** Sends a frame to the terminal (acks, and commands of remote diagnosis). */
  send(bytes: Uint8Array): void {
    if (this.socket.writable) this.socket.write(bytes);
  }

  /**
   * Sends a platform command (flag 0xFE, the login's edition) and waits for the terminal's
   * answer of the same command id. One command per id at a time: the answer carries no serial.
   */
  async sendCommand(command: number, body: FrameBody, timeoutMs: number): Promise<CommandAnswer> {
    const vin = this.vehicle?.vin;
    if (!vin || !this.loggedIn || !this.edition || this.socket.destroyed) return { kind: 'refused', reason: '终端未登入' };
    if (this.pending.busy(command)) return { kind: 'refused', reason: `终端正在执行上一条同类指令 (0x${command.toString(16).toUpperCase()}), 请稍后再试` };
    const bytes = commandFrame(this.edition, vin, command, body);
    if (!(bytes instanceof Uint8Array)) return bytes;
    const answer = this.pending.wait(command, timeoutMs);
    this.send(bytes);
    return answer;
  }

  onData(chunk: Buffer): void {
    const before = { ...this.framer.stats };
    const frames = this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.stats.badChecksum += this.framer.stats.badChecksum - before.badChecksum;
    this.stats.garbageBytes += this.framer.stats.garbageBytes - before.garbageBytes;
    this.stats.oversize += this.framer.stats.oversize - before.oversize;
    for (const bytes of frames) {
      if (!this.rate.take()) {
        this.stats.rateLimited++;
        continue;
      }
      if (this.waiting) this.held.push(bytes);
      else this.handleInOrder(bytes);
    }
    this.applyBackpressure();
  }

  /**
   * Handles a frame now; when it has to wait (VIN look-up), later frames are held until it is done.
   * No promise per frame: only the frames that really wait get one.
   */
  private handleInOrder(bytes: Uint8Array): void {
    let pending: Promise<void> | void;
    try {
      pending = this.handle(bytes);
    } catch (err) {
      this.failed(err);
      return;
    }
    if (!pending) return;
    this.waiting = true;
    pending.catch((err: unknown) => this.failed(err)).finally(() => {
      this.waiting = false;
      while (!this.waiting && this.held.length > 0) this.handleInOrder(this.held.shift()!);
      this.applyBackpressure();
    });
  }

  private failed(err: unknown): void {
    this.stats.errors++;
    this.stats.lastError = err instanceof Error ? err.message : String(err);
  }

  /**
   * Stops reading the socket while the sink is full (until it says it is ready again) or this
   * connection holds too many frames; what the terminal sends meanwhile waits in TCP.
   */
  private applyBackpressure(): void {
    if (this.socket.destroyed) return;
    const gate = this.sink.backpressure;
    if (gate?.full) {
      if (this.pausedForSink) return;
      this.pausedForSink = true;
      this.pause();
      gate.onReady(() => {
        this.pausedForSink = false;
        this.applyBackpressure();
      });
      return;
    }
    if (this.pausedForSink) return;
    if (this.held.length >= MAX_HELD_FRAMES) this.pause();
    else if (this.socket.isPaused()) this.socket.resume();
  }

  private pause(): void {
    if (this.socket.isPaused()) return;
    this.socket.pause();
    this.stats.paused++;
  }

  /**
   * Synchronous for frames of the vehicle logged in here; a promise only while a login is looked up.
   * A connection carries the one vehicle of its first accepted login (GB/T 32960): frames before that
   * login or for another VIN get the error answer and are neither answered as usual nor stored.
   */
  private handle(bytes: Uint8Array): Promise<void> | void {
    this.stats.frames++;
    // Data a terminal reports is kept as bytes and read for its live figures and alarms: the
    // per-cell lists, most of a frame, are not decoded for it unless a sink reads them (answers to commands are, whole).
    const data = bytes[3] === ResponseFlag.command && (bytes[2] === Command.realtime || bytes[2] === Command.reissue);
    const decoded = decodeFrame(bytes, data && !this.sink.readsCells ? LIVE_DECODE : undefined);
    if (!decoded.ok) {
      this.stats.badFrames++;
      const h = decoded.header;
      if (h && h.responseFlag === ResponseFlag.command) {
        this.send(buildErrorAck(h, ResponseFlag.error, messageTimeOfBytes(bytes)));
      } else if (h && this.loggedIn && h.vin === this.vehicle?.vin && DOWNLINK.has(h.command)) {
        this.pending.settle(h.command, { kind: 'undecodable', responseFlag: h.responseFlag, reason: decoded.reason });
      }
      return;
    }
    const frame = decoded.frame;
    if (frame.responseFlag !== ResponseFlag.command) return this.answered(frame, bytes);
    if (frame.command === Command.vehicleLogin) return this.login(frame, bytes);
    const vehicle = this.vehicle;
    if (!this.loggedIn || !vehicle) return this.refuse(frame, 'notLoggedIn');
    if (vehicle.vin !== frame.vin) return this.refuse(frame, 'otherVin');
    if (frame.command === Command.heartbeat) return this.send(buildHeartbeatAck(frame));
    if (frame.command === Command.timeSync) return this.send(buildTimeSyncAck(frame, gbTimeFromEpochMs(Date.now())));
    return this.dispatch(frame, bytes, vehicle);
  }

  private refuse(frame: Frame, why: 'notLoggedIn' | 'otherVin' | 'terminalRefused'): void {
    this.stats[why]++;
    this.send(buildErrorAck(frame, ResponseFlag.error, messageTime(frame.body)));
  }

  /** A login: of the connection's vehicle (or its first), by the terminal bound to that vehicle. */
  private login(frame: Frame, bytes: Uint8Array): Promise<void> | void {
    const known = this.vehicle;
    if (known) return known.vin === frame.vin ? this.admit(frame, bytes, known) : this.refuse(frame, 'otherVin');
    return this.resolve(frame).then((vehicle) => (vehicle ? this.admit(frame, bytes, vehicle) : undefined));
  }

  private admit(frame: Frame, bytes: Uint8Array, vehicle: VehicleRef): Promise<void> | void {
    const iccid = frame.body.kind === 'login' ? frame.body.iccid : '';
    const verdict = this.bindings ? this.bindings.admits(vehicle, iccid) : true;
    const decided = (admitted: boolean) => {
      if (!admitted) return this.refuse(frame, 'terminalRefused');
      this.vehicle = vehicle;
      this.dispatch(frame, bytes, vehicle);
    };
    return typeof verdict === 'boolean' ? decided(verdict) : verdict.then(decided);
  }

  private dispatch(frame: Frame, bytes: Uint8Array, vehicle: VehicleRef): void {
    this.keepRaw(vehicle, frame.command, bytes);
    switch (frame.command) {
      case Command.vehicleLogin:
        this.send(buildLoginAck(frame));
        this.edition = frame.edition;
        this.loggedIn = true;
        this.sink.presence(vehicle, true, Date.now());
        this.sessions?.loggedIn(this, vehicle);
        return;
      case Command.vehicleLogout:
        this.send(buildLoginAck(frame));
        this.sink.presence(vehicle, false, Date.now());
        this.endSession('终端已登出');
        return;
      case Command.realtime:
      case Command.reissue:
        return this.realtime(frame as Frame<RealtimeBody>, vehicle, frame.command === Command.reissue);
    }
  }

  /** Every frame of a known vehicle is kept as it came (message parsing shows it). */
  private keepRaw(vehicle: VehicleRef, command: number, bytes: Uint8Array): void {
    this.sink.raw({ tenantId: vehicle.tenantId, vin: vehicle.vin, command, receivedAt: Date.now(), bytes });
  }

  /** A terminal's answer to one of our commands: it settles the command and is kept raw, but is not telemetry. */
  private answered(frame: Frame, bytes: Uint8Array): void {
    const vehicle = this.vehicle;
    if (!vehicle || !this.loggedIn || frame.vin !== vehicle.vin || !DOWNLINK.has(frame.command)) return;
    this.keepRaw(vehicle, frame.command, bytes);
    this.pending.settle(frame.command, { kind: 'answered', frame });
  }

  private endSession(reason: string): void {
    this.pending.settleAll(reason);
    if (!this.loggedIn || !this.vehicle) return;
    this.loggedIn = false;
    this.sessions?.loggedOut(this, this.vehicle);
  }

  /** The vehicle of a login's VIN; unknown VINs get the error answer and a log row. */
  private async resolve(frame: Frame): Promise<VehicleRef | null> {
    const found = await this.directory.find(frame.vin);
    if (!found) {
      this.stats.unknownVin++;
      const flag = frame.edition === '2025' ? ResponseFlag.vinNotFound : ResponseFlag.error;
      this.send(buildErrorAck(frame, flag, messageTime(frame.body)));
      this.onUnknownVin(frame.vin, `${this.socket.remoteAddress ?? ''}:${this.socket.remotePort ?? ''}`);
      return null;
    }
    return found;
  }

  private realtime(frame: Frame<RealtimeBody>, vehicle: VehicleRef, reissue: boolean) {
    if (frame.body.kind !== 'realtime') return;
    const t = normalize(frame.body, vehicle, reissue, reissue ? undefined : this.prev);
    if (!reissue) this.prev = { lng: t.lng, lat: t.lat, heading: t.heading };
    const alarm = frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
    this.stats.telemetry++;
    this.sink.telemetry(t, alarm, frame.edition, frame.body.items);
  }

  close(): void {
    if (this.vehicle && this.loggedIn) this.sink.presence(this.vehicle, false, Date.now());
    this.endSession('终端连接已断开');
  }
}
