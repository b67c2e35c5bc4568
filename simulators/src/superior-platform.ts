/**
 * A superior platform (a national or local monitoring platform) as GB/T 32960 sees it: it
 * accepts platform logins (0x05), answers them, takes the realtime (0x02) and reissue (0x03)
 * frames of the vehicles forwarded to it, answers heartbeats and logouts, and records what it
 * received. On command it refuses logins, drops every link, or stops listening, so a forwarder
 * can be tested against the real path.
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  buildHeartbeatAck, buildResponse, Command, createFramer, decodeFrame, gbTimeToEpochMs, realtimeTimeOf, ResponseFlag,
} from '@wdiov/contracts/protocol/index';
import { frameDecryptor, type PlatformKeys } from './platform-cipher.ts';

export interface VehicleReceipt {
  realtime: number;
  reissue: number;
  /** Frames whose data unit (VIN, time and readings) was already received once. */
  duplicates: number;
  /** Collection times (epoch ms) of the first and last frame received. */
  first: number | null;
  last: number | null;
}

export interface PlatformRecords {
  logins: number;
  refusedLogins: number;
  logouts: number;
  /** Frames that arrived on a link that had not logged in (answered with an error, not recorded). */
  unauthenticated: number;
  /** Frames that came with an encrypted data unit and were decrypted (then recorded like the others). */
  encrypted: number;
  /** Encrypted frames it could not decrypt (no key, wrong key): answered with an error, not recorded. */
  undecryptable: number;
  frames: number;
  vehicles: Record<string, VehicleReceipt>;
}

export interface SuperiorPlatformOptions extends PlatformKeys {
  /** Credentials it accepts; absent = any. */
  username?: string;
  password?: string;
}

const hexOf = (b: Uint8Array, from: number, to: number) => Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('hex');

export class SuperiorPlatform {
  private server: Server | null = null;
  private readonly links = new Set<Socket>();
  private readonly seen = new Set<string>();
  private refusing = false;
  private port = 0;
  readonly records: PlatformRecords = { logins: 0, refusedLogins: 0, logouts: 0, unauthenticated: 0, encrypted: 0, undecryptable: 0, frames: 0, vehicles: {} };
  /** Every frame recorded, in arrival order (VIN, command, collection time). */
  readonly received: { vin: string; command: number; time: number }[] = [];

  private readonly decrypt: (frame: Uint8Array) => Uint8Array | null;

  constructor(private readonly options: SuperiorPlatformOptions = {}) {
    this.decrypt = frameDecryptor(options);
  }

  /** Starts listening (port 0 = any free one); resolves with the port. */
  async listen(port = this.port): Promise<number> {
    if (this.server) return this.port;
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    this.port = address && typeof address === 'object' ? address.port : port;
    return this.port;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  get linkCount(): number {
    return this.links.size;
  }

  /** While on, logins are answered with the error flag and the link is closed. */
  refuse(on: boolean): void {
    this.refusing = on;
  }

  /** Drops every link at once (as a crashed platform or a broken network would). */
  drop(): void {
    for (const s of this.links) s.destroy();
    this.links.clear();
  }

  /** Stops listening and drops every link; listen() starts again on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.drop();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  private accept(socket: Socket): void {
    this.links.add(socket);
    const framer = createFramer();
    let loggedIn = false;
    socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk)) loggedIn = this.handle(socket, frame, loggedIn);
    });
    socket.on('error', () => {});
    socket.on('close', () => this.links.delete(socket));
  }

  /** Answers one frame; returns whether the link is logged in afterwards. */
  private handle(socket: Socket, frame: Uint8Array, loggedIn: boolean): boolean {
    const decoded = decodeFrame(frame);
    if (!decoded.ok) return loggedIn;
    const f = decoded.frame;
    const to = { edition: f.edition, command: f.command, vin: f.vin };
    const time = 'time' in f.body ? f.body.time : undefined;
    switch (f.command) {
      case Command.platformLogin: {
        const body = f.body.kind === 'platformLogin' ? f.body : null;
        const o = this.options;
        const ok = !this.refusing && body !== null && (o.username === undefined || body.username === o.username) && (o.password === undefined || body.password === o.password);
        socket.write(buildResponse(to, ok ? ResponseFlag.success : ResponseFlag.error, time));
        if (ok) this.records.logins++;
        else {
          this.records.refusedLogins++;
          socket.end();
        }
        return ok;
      }
      case Command.platformLogout:
        this.records.logouts++;
        socket.write(buildResponse(to, ResponseFlag.success, time));
        return false;
      case Command.heartbeat:
        socket.write(buildHeartbeatAck(to));
        return loggedIn;
      case Command.realtime:
      case Command.reissue:
        if (!loggedIn) {
          this.records.unauthenticated++;
          socket.write(buildResponse(to, ResponseFlag.error, time));
        } else if (f.body.kind === 'encrypted') {
          const plain = this.decrypt(frame);
          if (plain && decodeFrame(plain).ok) {
            this.records.encrypted++;
            this.record(f.vin, f.command, plain);
          } else {
            this.records.undecryptable++;
            socket.write(buildResponse(to, f.edition === '2025' ? ResponseFlag.decryptionError : ResponseFlag.error));
          }
        } else this.record(f.vin, f.command, frame);
        return loggedIn;
      default:
        return loggedIn;
    }
  }

  private record(vin: string, command: number, frame: Uint8Array): void {
    const t = realtimeTimeOf(frame);
    const time = t ? gbTimeToEpochMs(t) : 0;
    const r = (this.records.vehicles[vin] ??= { realtime: 0, reissue: 0, duplicates: 0, first: null, last: null });
    // The same VIN, time and readings twice is a duplicate whether it came as realtime or reissue.
    const key = hexOf(frame, 4, frame.length - 1);
    if (this.seen.has(key)) r.duplicates++;
    else this.seen.add(key);
    if (command === Command.reissue) r.reissue++;
    else r.realtime++;
    r.first = r.first === null ? time : Math.min(r.first, time);
    r.last = r.last === null ? time : Math.max(r.last, time);
    this.records.frames++;
    this.received.push({ vin, command, time });
  }
}
