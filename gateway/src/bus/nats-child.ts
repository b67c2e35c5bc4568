/**
 * Runs `nats-server` as a child process, for machines that have the binary but no NATS_URL:
 * JetStream on, store under the given data dir, listening on loopback only.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer, connect as tcpConnect } from 'node:net';

export interface NatsChild {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  stop(): Promise<void>;
}

export interface NatsChildOptions {
  /** JetStream store dir (nats-server adds its own `jetstream/` below it). */
  dataDir: string;
  /** Fixed port; default: a free one. */
  port?: number;
  binary?: string;
  startTimeoutMs?: number;
  /** A config file read before the flags (websocket listener, operator and accounts); the flags win. */
  configFile?: string;
}

const DEFAULT_BINARY = 'nats-server';

/**
 * True when the binary runs. Letting spawn resolve it through PATH (instead of walking PATH
 * ourselves) keeps the lookup identical to the one startNatsChild will do.
 */
export function natsServerAvailable(binary = DEFAULT_BINARY): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, ['--version'], { timeout: 5_000 }, (err) => resolve(!err));
  });
}

/** Asks the OS for a free port. Another process could take it before nats-server binds; rare on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startNatsChild(opts: NatsChildOptions): Promise<NatsChild> {
  await mkdir(opts.dataDir, { recursive: true });
  const port = opts.port ?? (await freePort());
  const config = opts.configFile ? ['-c', opts.configFile] : [];
  const child = spawn(opts.binary ?? DEFAULT_BINARY, [...config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', opts.dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Keep the tail of stderr (nats-server logs there) to explain a failed start.
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let spawnError: Error | undefined; // e.g. ENOENT; then no 'exit' event follows
  child.once('error', (err) => (spawnError = err));
  const failure = () =>
    spawnError?.message ?? (child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode})` : undefined);

  // Without this, a gateway that exits without calling stop() would leave an orphaned server.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (failure() !== undefined) return;
    child.kill('SIGTERM'); // nats-server flushes JetStream state on SIGTERM
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForPort(port, failure, opts.startTimeoutMs ?? 10_000);
  } catch (err) {
    await stop();
    throw new Error(`nats-server did not start: ${(err as Error).message}\n${stderrTail}`, { cause: err });
  }
  return { url: `nats://127.0.0.1:${port}`, port, pid: child.pid ?? -1, stop };
}

/** Polls a TCP connect: the client port opens only after JetStream has been set up. */
async function waitForPort(port: number, failure: () => string | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failed = failure();
    if (failed !== undefined) throw new Error(failed);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`port ${port} not open after ${timeoutMs} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
