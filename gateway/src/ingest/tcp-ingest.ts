import { createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { TerminalConnection, type ConnectionLimits, type TerminalSessions } from './terminal-connection.ts';
import type { IngestSink } from './ingest-sink.ts';
import { newIngestStats } from './ingest-stats.ts';
import { ConnectionGuard, type GuardLimits } from './connection-guard.ts';
import type { VehicleDirectory } from './vehicle-directory.ts';
import type { TerminalBindings } from './terminal-binding.ts';

export interface IngestOptions {
  port: number;
  /** Address to bind (default 0.0.0.0: every interface). */
  host?: string;
  directory: VehicleDirectory;
  sink: IngestSink;
  logger: Logger;
  /** Called for a login of a VIN the vehicle table lacks (an error log row is written). */
  onUnknownVin?: (vin: string, remote: string) => void;
  limits?: Partial<ConnectionLimits>;
  /** A terminal silent this long is disconnected (terminals send heartbeats well within it). */
  idleTimeoutMs?: number;
  maxConnections?: number;
  /** Told of every login and logout (remote diagnosis holds the commands of the terminals logged in here). */
  sessions?: TerminalSessions;
  /** Connection caps and login/frame deadlines (connection-guard.ts). */
  guard?: Partial<GuardLimits>;
  /** Which terminal may log each vehicle in (by ICCID); absent: any terminal of a known VIN. */
  bindings?: TerminalBindings;
}

const FLUSH_ON_CLOSE_MS = 5_000;
/** How long a closing ingest waits for the terminals to close their side of the link. */
const DRAIN_MS = 3_000;
const LISTEN_BACKLOG = 4096;
const DEFAULT_LIMITS: ConnectionLimits = { maxFrameSize: 8 * 1024, ratePerS: 20, burst: 200 };

/** The GB/T 32960 TCP server: one TerminalConnection per socket; nothing a terminal sends can crash it. */
export async function startIngest(options: IngestOptions) {
  const stats = newIngestStats();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const connections = new Set<TerminalConnection>();
  const sockets = new Set<Socket>();
  const guard = new ConnectionGuard(options.guard);
  const server: Server = createServer((socket: Socket) => {
    stats.connections++;
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs ?? 5 * 60_000);
    const conn = new TerminalConnection(socket, options.directory, options.sink, stats, limits, (vin, remote) => {
      options.logger.warn({ vin, remote }, 'login of an unknown VIN refused');
      options.onUnknownVin?.(vin, remote);
    }, options.sessions, options.bindings);
    connections.add(conn);
    sockets.add(socket);
    socket.on('data', (chunk) => conn.onData(chunk));
    socket.on('timeout', () => {
      stats.idleClosed++;
      socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      stats.connections--;
      connections.delete(conn);
      sockets.delete(socket);
      conn.close();
    });
    guard.admit(socket, conn);
  });
  server.maxConnections = options.maxConnections ?? 100_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue (the kernel caps it at somaxconn): a fleet reconnecting at once after a
    // restart must not overflow it, which resets connections the terminals believe are open.
    server.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = typeof address === 'object' && address ? address.address : options.host ?? '0.0.0.0';
  options.logger.info({ host, port }, 'GB/T 32960 ingest listening');
  return {
    port,
    /** The address the ingest is bound to (0.0.0.0 or :: for every interface). */
    host,
    stats,
    guard,
    bindings: options.bindings,
    /** The connection currently holding a VIN (remote diagnosis sends through it). */
    connectionOf: (vin: string) => [...connections].find((c) => c.vin === vin),
    /**
     * Stops accepting, ends each terminal's link and reads what it had already sent until it
     * closes its side (at most DRAIN_MS), then hands on what the sink still buffers (waiting at most
     * FLUSH_ON_CLOSE_MS for a bus that is down). Ending rather than resetting the links is what
     * keeps the frames in flight at a restart: a reset drops what the kernel holds unread.
     */
    close: async () => {
      guard.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.end();
      let drainTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...sockets].map((s) => new Promise((r) => s.once('close', r)))),
        new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, DRAIN_MS))),
      ]);
      clearTimeout(drainTimer);
      if (sockets.size > 0) {
        // `resetAt`: what a terminal wrote before it is read (the poll phase before setImmediate reads
        // what the kernel holds; a timer that fires late on a starved loop runs ahead of it), what
        // it writes after it is not taken and is the terminal's to reissue.
        options.logger.warn({ links: sockets.size, resetAt: Date.now() }, 'terminal links still open after the drain are reset');
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const s of sockets) s.destroy();
      await closed;
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_ON_CLOSE_MS)));
      await Promise.race([options.sink.flush?.(), gaveUp]);
      clearTimeout(timer);
    },
  };
}
