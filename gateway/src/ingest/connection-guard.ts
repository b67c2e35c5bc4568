import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

/** The bounds of the ingest door (env.ts: INGEST_MAX_CONNECTIONS …). */
export interface GuardLimits {
  /** Open connections at most (0 = derived from the process's file limit). */
  maxConnections: number;
  /**
   * Open connections one remote address may hold. This machine's own address is not counted:
   * the simulator, a replay or a local TCP proxy speak for many vehicles (the total cap holds).
   */
  maxPerAddress: number;
  /** A connection whose terminal has not logged in this long after opening is closed. */
  loginTimeoutMs: number;
  /** A frame begun and not completed for this long closes its connection. */
  frameTimeoutMs: number;
}

/** What the guard asks of a terminal connection. */
export interface GuardedConnection {
  isLoggedIn(): boolean;
  /** Bytes of a frame received but not yet complete. */
  partialBytes(): number;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export const DEFAULT_GUARD: GuardLimits = { maxConnections: 0, maxPerAddress: 2000, loginTimeoutMs: 10_000, frameTimeoutMs: 5_000 };

/** The soft limit on open files of this process (Linux /proc; 1024 where it cannot be read). */
export function processFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : soft === 'unlimited' ? 1 << 20 : 1024;
  } catch {
    return 1024;
  }
}

/** Ingest connections the file limit allows, leaving a tenth (at least 256) for HTTP, sockets and databases. */
export function connectionCapOf(fileLimit: number): number {
  return Math.max(16, fileLimit - Math.max(256, Math.ceil(fileLimit / 10)));
}

interface Tracked {
  socket: Socket;
  conn: GuardedConnection;
  address: string;
  openedAt: number;
  lastDataAt: number;
}

/**
 * Keeps the ingest port from exhausting the process's file handles: caps connections in all
 * and per address, and closes those that never log in or leave a frame half-sent. Idle but
 * logged-in terminals are the socket timeout's business (heartbeats keep them open).
 */
export class ConnectionGuard {
  readonly limits: GuardLimits;
  readonly stats = { refusedFull: 0, refusedAddress: 0, loginTimeouts: 0, frameTimeouts: 0 };
  private readonly open = new Set<Tracked>();
  private readonly perAddress = new Map<string, number>();
  private readonly sweep: NodeJS.Timeout;

  constructor(limits: Partial<GuardLimits> = {}, private readonly now: () => number = Date.now) {
    const merged = { ...DEFAULT_GUARD, ...limits };
    this.limits = { ...merged, maxConnections: merged.maxConnections || connectionCapOf(processFileLimit()) };
    const every = Math.max(50, Math.min(this.limits.loginTimeoutMs, this.limits.frameTimeoutMs) / 4);
    this.sweep = setInterval(() => this.check(), every);
    this.sweep.unref();
  }

  /** Takes a new connection in, or closes it at once (answering false) when a cap is reached. */
  admit(socket: Socket, conn: GuardedConnection): boolean {
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (this.open.size >= this.limits.maxConnections || (fromAddress >= this.limits.maxPerAddress && !LOOPBACK.test(address))) {
      if (this.open.size >= this.limits.maxConnections) this.stats.refusedFull++;
      else this.stats.refusedAddress++;
      socket.destroy();
      return false;
    }
    const t: Tracked = { socket, conn, address, openedAt: this.now(), lastDataAt: this.now() };
    this.open.add(t);
    this.perAddress.set(address, fromAddress + 1);
    socket.on('data', () => (t.lastDataAt = this.now()));
    socket.once('close', () => {
      this.open.delete(t);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
    return true;
  }

  get connections(): number {
    return this.open.size;
  }

  /** Closes connections past their login or frame deadline (run periodically, and by tests). */
  check(): void {
    const now = this.now();
    for (const t of this.open) {
      if (!t.conn.isLoggedIn() && now - t.openedAt >= this.limits.loginTimeoutMs) {
        this.stats.loginTimeouts++;
        t.socket.destroy();
      } else if (t.conn.partialBytes() > 0 && now - t.lastDataAt >= this.limits.frameTimeoutMs) {
        this.stats.frameTimeouts++;
        t.socket.destroy();
      }
    }
  }

  close(): void {
    clearInterval(this.sweep);
  }
}
