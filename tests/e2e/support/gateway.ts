import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const GATEWAY_DIR = join(ROOT, 'gateway');
// Generous: the first start of a run seeds the template database, which a loaded machine takes minutes over.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** Every gateway this process started: killed on exit so a crashed run leaves no port taken. */
const live = new Set<ChildProcess>();
process.on('exit', () => live.forEach((child) => child.kill('SIGKILL')));

export interface GatewayOptions {
  port?: number;
  /** Reused across restarts; a fresh temporary folder when absent. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Copy the gateway's output to ours (the webServer does, so Playwright shows it). */
  echo?: boolean;
}

/**
 * Set by playwright.config.ts, for the webServer and the workers alike: gateways start from the
 * bundle web-server.ts builds once per run (`npm run build -w gateway`, as `npm start` runs it),
 * which starts on half the CPU of compiling the TypeScript at every start. Unset (a gateway
 * started outside a Playwright run), they run the sources through tsx.
 */
const FROM_BUNDLE = process.env.WDIOV_E2E_GATEWAY_BUNDLE === '1';

/**
 * The console's build (web/dist) and the gateway's bundle (gateway/dist/bundle, for FROM_BUNDLE),
 * as `npm run build` makes them: the status of the first that fails, else 0.
 */
export function buildConsoleAndGateway(): number {
  for (const workspace of ['web', 'gateway']) {
    const status = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
    if (status !== 0) return status;
  }
  return 0;
}

/** One gateway process (`node dist/bundle/main.js` or `tsx src/main.ts` in gateway/, like `npm start -w gateway`). */
export class Gateway {
  private child?: ChildProcess;
  private output = '';
  readonly ownsDataDir: boolean;
  readonly dataDir: string;

  constructor(readonly port: number, private readonly options: GatewayOptions) {
    this.ownsDataDir = !options.dataDir;
    this.dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wdiov-e2e-'));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last lines the gateway printed, for failure messages. */
  log(): string {
    return this.output.split('\n').slice(-30).join('\n');
  }

  /** The output for an error message, unless it was already echoed. */
  private details(): string {
    return this.options.echo ? '' : `:\n${this.log()}`;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('gateway already running');
    if (this.ownsDataDir && !existsSync(join(this.dataDir, 'pg')) && startsFromTemplate(this.options.env)) await copySeededDatabase(this.dataDir);
    // `node` itself instead of `npx tsx` or `npm start`: one process, so SIGTERM reaches the gateway
    // (npx, npm and the tsx CLI each add a parent that would have to relay it).
    const entry = FROM_BUNDLE ? ['--enable-source-maps', 'dist/bundle/main.js'] : ['--import', 'tsx', 'src/main.ts'];
    const child = spawn(process.execPath, entry, {
      cwd: GATEWAY_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        WEB_DIST: join(ROOT, 'web/dist'),
        CAPTCHA_MODE: 'off',
        NATS_SPAWN: 'off',
        LOG_LEVEL: 'warn',
        INGEST_PORT: '0',
        // The browser specs forward to a simulator platform on this machine.
        OUTBOUND_ALLOW: '127.0.0.1',
        ...this.options.env,
      },
    });
    this.child = child;
    live.add(child);
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
      if (this.options.echo) process.stdout.write(chunk);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => {
      live.delete(child);
      if (this.child === child) this.child = undefined;
    });
    await this.waitHealthy(child);
  }

  private async waitHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}${this.details()}`);
      try {
        const response = await fetch(`${this.url}/api/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`gateway not healthy on ${this.url} after ${START_TIMEOUT_MS} ms${this.details()}`);
  }

  /**
   * Graceful stop (the gateway closes its database on SIGTERM); SIGKILL if it hangs. Says how long
   * the gateway took from the signal to its exit, and its exit code (null when it had to be killed).
   */
  async stop(): Promise<{ ms: number; code: number | null } | undefined> {
    const child = this.child;
    if (!child || child.exitCode !== null) return undefined;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const started = performance.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    return { ms: performance.now() - started, code };
  }

  /** Stops it and removes the temporary data folder it made. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * The run's seeded database (playwright.config.ts names its folder): the first gateway of a
 * run on a fresh folder migrates and seeds it (regions, menus, the demo fleet), which took most
 * of every private gateway's start; the others start from a copy of the same rows.
 */
const TEMPLATE_DIR = process.env.WDIOV_E2E_DB_TEMPLATE;

/** Gateways whose first start would seed differently (another engine, no demo fleet) start empty. */
const startsFromTemplate = (env: Record<string, string> = {}) => TEMPLATE_DIR !== undefined && !('DATABASE_URL' in env) && !('DEMO_FLEET' in env);

/**
 * Makes the run's seeded database unless it is there: built once, by whichever process asks
 * first (e2e/support/prepare.ts before the run, else the webServer's or a worker's first gateway);
 * the others wait for it.
 */
export async function ensureSeededTemplate(): Promise<string> {
  const template = TEMPLATE_DIR;
  if (!template) throw new Error('WDIOV_E2E_DB_TEMPLATE is not set (playwright.config.ts names it)');
  const ready = join(template, 'ready');
  let mine = false;
  if (!existsSync(ready)) {
    try {
      mkdirSync(join(template, 'building'));
      mine = true;
    } catch {
      // Another process builds it.
    }
  }
  if (mine) {
    // Its data folder is the template: stopped (PGlite closed) before it is copied.
    const builder = new Gateway(await freePort(), { dataDir: join(template, 'data') });
    await builder.start();
    await builder.stop();
    writeFileSync(ready, '');
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`no seeded database in ${template} after ${START_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return join(template, 'data', 'pg');
}

async function copySeededDatabase(dataDir: string): Promise<void> {
  cpSync(await ensureSeededTemplate(), join(dataDir, 'pg'), { recursive: true });
}

/** Starts a gateway on a free port (or the given one) and waits for /api/health. */
export async function launchGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const gateway = new Gateway(options.port ?? (await freePort()), options);
  try {
    await gateway.start();
  } catch (error) {
    await gateway.dispose();
    throw error;
  }
  return gateway;
}
