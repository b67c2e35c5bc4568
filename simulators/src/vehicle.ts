/**
 * One simulated terminal on TCP: connect → login → report loop → logout, driven by the
 * fleet's timer wheel (wake) and its socket callbacks. Acks are read through the codec's
 * framer. A dropped connection is retried with exponential backoff and jitter; a rejected
 * login waits as the standard says (1 min, three times, then 30 min). Frames produced
 * while the link is down are kept (bounded) and sent as reissue (0x03) after the next login.
 * The platform's downlink commands (0x80–0x82) are answered from the terminal's parameter table.
 */
import net from 'node:net';
import { Command, ParamId, ResponseFlag, createFramer, decodeFrame, type Framer } from '@wdiov/contracts/protocol/index';
import type { SeededRandom } from '@wdiov/contracts/simulation/index';
import { asReissue, heartbeatFrame, loginFrame, logoutFrame, timeSyncFrame } from './frames.ts';
import type { FleetStats } from './stats.ts';
import { answerCommand, isDownlink } from './terminal-commands.ts';
import { TerminalParams } from './terminal-params.ts';
import type { Scheduled } from './timer-wheel.ts';
import type { VehicleModel } from './vehicle-model.ts';

export type LinkState = 'idle' | 'connecting' | 'loggingIn' | 'online' | 'waiting' | 'stopping' | 'stopped';

export interface LinkOptions {
  host: string;
  port: number;
  loginTimeoutMs?: number;
  /** Heartbeat after this much silence (only with report periods longer than it). */
  heartbeatMs?: number;
  /** Frames kept while offline for reissue after reconnecting. */
  maxBufferedFrames?: number;
}

export interface LinkHooks {
  now(): number;
  /** Every frame written to the socket (for --record). */
  onSent?(bytes: Uint8Array, nowMs: number): void;
}

const MAX_CATCH_UP_STEPS = 300;
const LOGIN_RETRY_MS = 60_000;
const LOGIN_RETRY_LONG_MS = 30 * 60_000;
const MAX_BACKOFF_MS = 60_000;
const CLOSE_GRACE_MS = 3_000;

export class SimVehicle implements Scheduled {
  dueMs: number;
  state: LinkState = 'idle';
  /** Login serial number of the current session (1..65531, +1 per login). */
  loginSeq = 0;
  /** What a platform reads (0x80) and sets (0x81). */
  readonly params: TerminalParams;

  private socket: net.Socket | null = null;
  private readonly framer: Framer;
  private isConnected = false;
  private isOnline = false;
  private everOnline = false;
  private retryAtMs: number;
  private retryChosen = false;
  private loginDeadlineMs = Number.POSITIVE_INFINITY;
  private failures = 0;
  private rejections = 0;
  private lastSentMs = 0;
  private readonly offline: Uint8Array[] = [];
  private readonly out: Uint8Array[] = [];
  private onStopped: (() => void) | null = null;
  private heartbeatMs: number;

  constructor(
    readonly model: VehicleModel,
    private readonly opts: LinkOptions,
    private readonly stats: FleetStats,
    private readonly hooks: LinkHooks,
    private readonly rng: SeededRandom,
  ) {
    this.dueMs = model.simMs;
    this.retryAtMs = model.simMs;
    this.framer = createFramer({ editions: [model.terminal.edition] });
    this.heartbeatMs = opts.heartbeatMs ?? 30_000;
    this.params = new TerminalParams({
      edition: model.terminal.edition, reportPeriodMs: model.reportPeriod, heartbeatMs: this.heartbeatMs, host: opts.host, port: opts.port,
    });
  }

  /** Runs the simulation up to nowMs, sends what is due, and services connection timers. */
  wake(nowMs: number): void {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    const model = this.model;
    for (let steps = 0; model.nextStepMs <= nowMs; steps++) {
      if (steps === MAX_CATCH_UP_STEPS) {
        // The event loop stalled for minutes: skip ahead instead of replaying it all.
        model.simMs += Math.floor((nowMs - model.simMs) / model.stepMs) * model.stepMs;
        break;
      }
      this.out.length = 0;
      model.step(this.out);
      for (const frame of this.out) this.dispatch(frame, nowMs);
    }
    if ((this.state === 'idle' || this.state === 'waiting') && nowMs >= this.retryAtMs && !this.socket) this.connect();
    else if (this.state === 'loggingIn' && nowMs >= this.loginDeadlineMs) {
      this.stats.errors++;
      this.stats.loginTimeouts++;
      this.socket?.destroy();
    } else if (this.state === 'online' && nowMs - this.lastSentMs >= this.heartbeatMs) {
      this.send(heartbeatFrame(model.terminal), nowMs);
    }
    this.dueMs = model.nextStepMs;
  }

  /** Logs out (when online) and closes the connection; resolves once the socket is closed. */
  stop(): Promise<void> {
    const socket = this.socket;
    if (!socket) {
      this.state = 'stopped';
      return Promise.resolve();
    }
    if (this.state === 'online') {
      const now = this.hooks.now();
      this.send(logoutFrame(this.model.terminal, Math.max(now, this.model.simMs), this.loginSeq), now);
      this.stats.logouts++;
    }
    const wasConnecting = this.state === 'connecting';
    this.state = 'stopping';
    return new Promise((resolve) => {
      const force = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
      this.onStopped = () => {
        clearTimeout(force);
        resolve();
      };
      if (wasConnecting) socket.destroy();
      else socket.end();
    });
  }

  private dispatch(frame: Uint8Array, nowMs: number): void {
    // A link the platform has ended takes nothing more: what it could not take waits for reissue.
    if (this.state === 'online' && this.socket?.writable) this.send(frame, nowMs);
    else if (this.everOnline) {
      // A terminal stores what it could not send and reissues it after the next login.
      if (this.offline.length >= (this.opts.maxBufferedFrames ?? 360)) this.offline.shift();
      this.offline.push(frame[2] === Command.realtime ? asReissue(frame) : frame);
    }
  }

  private send(frame: Uint8Array, nowMs: number): void {
    if (!this.socket?.writable) return;
    this.socket.write(frame);
    const s = this.stats;
    s.framesSent++;
    s.bytesSent += frame.length;
    if (frame[2] === Command.realtime) s.realtimeSent++;
    else if (frame[2] === Command.reissue) s.reissueSent++;
    this.lastSentMs = nowMs;
    this.hooks.onSent?.(frame, nowMs);
  }

  private connect(): void {
    if (this.failures > 0 || this.everOnline) this.stats.reconnects++;
    this.state = 'connecting';
    this.retryChosen = false;
    const socket = net.createConnection({ host: this.opts.host, port: this.opts.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.isConnected = true;
      this.stats.connected++;
      if (this.state !== 'connecting') return;
      this.state = 'loggingIn';
      this.loginSeq = (this.loginSeq % 65531) + 1;
      const now = this.hooks.now();
      this.loginDeadlineMs = now + (this.opts.loginTimeoutMs ?? 10_000);
      this.send(loginFrame(this.model.terminal, Math.max(now, this.model.simMs), this.loginSeq), now);
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (this.state === 'stopping') return;
      this.stats.errors++;
      const code = err.code ?? 'other';
      this.stats.socketErrors[code] = (this.stats.socketErrors[code] ?? 0) + 1;
    });
    socket.on('close', () => this.onClose());
  }

  private onData(chunk: Uint8Array): void {
    for (const frame of this.framer.push(chunk)) {
      const command = frame[2];
      const flag = frame[3];
      if (flag === ResponseFlag.command) {
        this.onCommand(frame);
        continue;
      }
      this.stats.acksReceived++;
      if (command === Command.vehicleLogin && this.state === 'loggingIn') {
        if (flag === ResponseFlag.success) this.loggedIn();
        else this.rejected();
      } else if ((command === Command.realtime || command === Command.reissue) && flag !== ResponseFlag.success) {
        this.stats.errors++;
      }
    }
  }

  /** A downlink command: answered at once, then its effect on the terminal and the link. */
  private onCommand(bytes: Uint8Array): void {
    const decoded = decodeFrame(bytes);
    if (!decoded.ok || !isDownlink(decoded.frame) || this.state !== 'online') return;
    const now = this.hooks.now();
    const result = answerCommand(decoded.frame, this.params, now);
    this.send(result.answer, now);
    this.stats.commandsAnswered++;
    for (const id of result.changed) {
      const value = this.params.get(id);
      if (typeof value !== 'number' || value <= 0) continue; // a zero period would mean report or beat on every step
      if (id === ParamId.reportPeriod) this.model.setReportPeriod(value * 1000);
      else if (id === ParamId.heartbeatPeriod) this.heartbeatMs = value * 1000;
    }
    if (result.after === 'disconnect') this.socket?.end();
    else if (result.after === 'shutdown') void this.stop();
  }

  private loggedIn(): void {
    const now = this.hooks.now();
    this.state = 'online';
    this.isOnline = true;
    this.everOnline = true;
    this.failures = 0;
    this.rejections = 0;
    this.stats.online++;
    this.stats.logins++;
    this.send(timeSyncFrame(this.model.terminal), now);
    for (const frame of this.offline) this.send(frame, now);
    this.offline.length = 0;
  }

  /** Login refused (unknown VIN, duplicate…): wait as the standard's retry rule says. */
  private rejected(): void {
    this.stats.loginsRejected++;
    this.rejections++;
    this.retryAtMs = this.hooks.now() + (this.rejections <= 3 ? LOGIN_RETRY_MS : LOGIN_RETRY_LONG_MS);
    this.retryChosen = true;
    this.state = 'waiting';
    this.socket?.end();
  }

  private onClose(): void {
    if (this.isConnected) this.stats.connected--;
    if (this.isOnline) this.stats.online--;
    this.isConnected = false;
    this.isOnline = false;
    this.socket = null;
    this.framer.reset();
    this.loginDeadlineMs = Number.POSITIVE_INFINITY;
    if (this.state === 'stopping') {
      this.state = 'stopped';
      this.onStopped?.();
      return;
    }
    if (!this.retryChosen) {
      this.failures++;
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(16, this.failures - 1));
      this.retryAtMs = this.hooks.now() + backoff * (0.5 + this.rng.next());
    }
    this.state = 'waiting';
  }
}
