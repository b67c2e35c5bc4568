/**
 * One TCP link to a superior platform: connect, platform login (0x05) and its answer, a
 * heartbeat (0x07) every so often, frames written with their confirmation, logout (0x06).
 *
 * Realtime frames are not answered on success (annex B.2.1), so what the platform received
 * is confirmed by a heartbeat sent after the frames: its answer comes after the platform read
 * them, on the same ordered stream. Frames written but not confirmed when the link breaks are
 * sent again (at least once; nothing lost).
 */
import { connect, type Socket } from 'node:net';
import {
  buildPlatformHeartbeat, buildPlatformLogin, buildPlatformLogout, Command, createFramer, gbTimeFromEpochMs, parsePlatformResponse,
  responseFlagText, type PlatformIdentity, type PlatformResponse,
} from '@wdiov/contracts/protocol/index';

export class LinkError extends Error {
  constructor(message: string, readonly refused = false) {
    super(message);
    this.name = 'LinkError';
  }
}

export interface ConnectionOptions {
  host: string;
  port: number;
  identity: PlatformIdentity;
  /** Login serial number (1..65531). */
  seq: number;
  /** How long an answer may take (login, heartbeat, logout). */
  answerTimeoutMs: number;
  /** Heartbeat period while idle. */
  heartbeatMs: number;
  /** The platform answered a forwarded frame with an error (realtime frames are answered only then). */
  onRejected?: (answer: PlatformResponse) => void;
  now?: () => number;
}

/** A logged-in link. `closed` resolves (with the reason) when it breaks or is closed. */
export class PlatformConnection {
  private waiting: { command: number; resolve: (r: PlatformResponse) => void; reject: (e: Error) => void }[] = [];
  private broken: Error | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastWrite = 0;
  readonly closed: Promise<Error>;
  private markClosed!: (e: Error) => void;

  private constructor(private readonly socket: Socket, private readonly o: ConnectionOptions) {
    this.closed = new Promise((r) => (this.markClosed = r));
    const framer = createFramer();
    socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk)) {
        const answer = parsePlatformResponse(frame);
        if (answer) this.answered(answer);
      }
    });
    socket.on('error', (e) => this.fail(new LinkError(`链路错误: ${e.message}`)));
    socket.on('close', () => this.fail(new LinkError('链路已断开')));
  }

  /** Connects and logs in; rejects with a LinkError (refused = the platform answered the login with an error). */
  static async open(o: ConnectionOptions): Promise<PlatformConnection> {
    const socket = connect({ host: o.host, port: o.port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new LinkError(`连接超时 ${o.host}:${o.port}`));
      }, o.answerTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new LinkError(`无法连接 ${o.host}:${o.port}: ${e.message}`));
      });
    });
    const link = new PlatformConnection(socket, o);
    const now = o.now ?? Date.now;
    try {
      const answer = await link.request(buildPlatformLogin(o.identity, o.seq, gbTimeFromEpochMs(now())), Command.platformLogin);
      if (!answer.ok) throw new LinkError(`登录被拒: ${responseFlagText(answer.flag)}`, true);
    } catch (e) {
      link.destroy();
      throw e;
    }
    link.heartbeat = setInterval(() => {
      if (Date.now() - link.lastWrite >= o.heartbeatMs) void link.confirm().catch(() => {});
    }, Math.max(100, o.heartbeatMs / 2));
    link.heartbeat.unref();
    return link;
  }

  get isOpen(): boolean {
    return this.broken === null;
  }

  /** Writes frames and resolves once the platform confirmed them (a heartbeat answered after them). */
  async send(frames: Uint8Array): Promise<void> {
    if (this.broken) throw this.broken;
    this.lastWrite = Date.now();
    this.socket.write(frames);
    await this.confirm();
  }

  /** A heartbeat and its answer: everything written before it has been read by the platform. */
  confirm(): Promise<PlatformResponse> {
    return this.request(buildPlatformHeartbeat(this.o.identity), Command.heartbeat);
  }

  /** Logs out (0x06) and closes; a platform that does not answer in time is closed anyway. */
  async logout(): Promise<void> {
    const now = this.o.now ?? Date.now;
    try {
      if (this.isOpen) await this.request(buildPlatformLogout(this.o.identity, this.o.seq, gbTimeFromEpochMs(now())), Command.platformLogout);
    } catch {
      // closing anyway
    }
    this.socket.end();
    this.fail(new LinkError('已登出'));
  }

  destroy(): void {
    this.socket.destroy();
    this.fail(new LinkError('链路已关闭'));
  }

  private request(frame: Uint8Array, command: number): Promise<PlatformResponse> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new LinkError(`平台应答超时 (0x${command.toString(16).padStart(2, '0')})`)), this.o.answerTimeoutMs);
      this.waiting.push({
        command,
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.lastWrite = Date.now();
      this.socket.write(frame);
    });
  }

  /** Answers come in the order of the requests; an error answer to a forwarded frame is noted, not fatal. */
  private answered(answer: PlatformResponse): void {
    const i = this.waiting.findIndex((w) => w.command === answer.command);
    if (i < 0) {
      if (!answer.ok && (answer.command === Command.realtime || answer.command === Command.reissue)) this.o.onRejected?.(answer);
      return;
    }
    const [w] = this.waiting.splice(i, 1);
    w!.resolve(answer);
  }

  private fail(e: Error): void {
    if (this.broken) return;
    this.broken = e;
    clearInterval(this.heartbeat);
    this.socket.destroy();
    for (const w of this.waiting.splice(0)) w.reject(e);
    this.markClosed(e);
  }
}
