import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CITIES, demoFleet, DEMO_FLEET } from '@wdiov/contracts/simulation/index';
import type { FleetOptions } from '../../../simulators/src/fleet.ts';
import { newStats } from '../../../simulators/src/stats.ts';
import { VehicleModel, type ModelConfig } from '../../../simulators/src/vehicle-model.ts';
import { ROOT } from './gateway.ts';

/**
 * The console as `npm run build -w web` makes it, but with VITE_EXPOSE_LIVE_STORE=1: a plain
 * production build never sets window.__liveStore (web/src/live-store/live-feed.ts), which the
 * live-map measurement needs. Built into a temporary folder (~3 s), served by our own gateway.
 */
export async function buildExposedWeb(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'wdiov-web-live-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(ROOT, 'web'),
      env: { ...process.env, VITE_EXPOSE_LIVE_STORE: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}: ${err}`))));
  });
  return outDir;
}

/**
 * The exposed build shared by a run's specs: built once, by the first worker that needs it (the
 * others wait for it), in the run's template folder (playwright.config.ts), which global-teardown
 * removes. `own`: outside a Playwright run, a build of the caller's, to remove after use.
 */
export async function sharedExposedWeb(): Promise<{ dir: string; own: boolean }> {
  const template = process.env.WDIOV_E2E_DB_TEMPLATE;
  if (!template) return { dir: await buildExposedWeb(), own: true };
  const dir = join(template, 'web-live');
  const ready = join(template, 'web-live-ready');
  let mine = false;
  if (!existsSync(ready)) {
    try {
      mkdirSync(join(template, 'web-live-building'), { recursive: false });
      mine = true;
    } catch {
      // Another worker builds it.
    }
  }
  const building = join(template, 'web-live-building');
  if (mine) {
    try {
      const built = await buildExposedWeb();
      await rename(built, dir).catch(async () => {
        // Another file system (tmp folders may differ): copy instead.
        cpSync(built, dir, { recursive: true });
        rmSync(built, { recursive: true, force: true });
      });
      writeFileSync(ready, '');
    } finally {
      // A failed build lets the next worker try (the waiting ones see the lock go without `ready`).
      if (!existsSync(ready)) rmSync(building, { recursive: true, force: true });
    }
  }
  // As long as a build may take on a loaded machine (the build's own deadline), then fail plainly.
  for (const deadline = Date.now() + 300_000; !existsSync(ready); ) {
    if (Date.now() > deadline || !existsSync(building)) throw new Error(`no exposed web build in ${dir}: the build ${existsSync(building) ? 'took over 300 s' : 'failed'}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { dir, own: false };
}

/**
 * The simulated fleet: the first 50 demo vehicles (the gateway seeds them) at 1 Hz, with a
 * high alarm rate so cards come within seconds, and no fence detours or faults: the fence
 * entry under test is predicted from the vehicles' own driving.
 */
export function fleetOptions(port: number): FleetOptions {
  return {
    vehicles: 50, rate: 1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port, edition: '2016',
    alarmRate: 120, faultRate: 0, fenceRate: 0, city: 'shenzhen', rampS: 2, cells: 96,
  };
}

export type Point = [lng: number, lat: number];

/**
 * Where each vehicle is after each 1 s step. The model is deterministic for (seed, index) and
 * steps relative to its start (vehicle-model.ts), so the running fleet drives these same
 * positions; the config mirrors what Fleet.start() builds.
 */
export function predictPaths(o: FleetOptions, steps: number): { vin: string; path: Point[] }[] {
  const city = CITIES[o.city];
  const config: ModelConfig = {
    seed: o.seed, edition: o.edition, city, fences: o.fences ?? city.fences, reportPeriodMs: 1000 / o.rate, cells: o.cells,
    rates: { alarmsPerHour: o.alarmRate, faultsPerHour: o.faultRate, fencesPerHour: o.fenceRate },
  };
  return demoFleet(o.seed, o.vehicles, city.platePrefix).map((identity) => {
    // Any start time: frames need a real date, positions only the steps since the start.
    const model = new VehicleModel(identity, config, Date.UTC(2025, 0, 1), newStats(1));
    const path: Point[] = [];
    const frames: Uint8Array[] = [];
    for (let i = 0; i < steps; i++) {
      model.step(frames);
      frames.length = 0;
      path.push([model.motion.lng, model.motion.lat]);
    }
    return { vin: identity.vin, path };
  });
}

export function distanceM(a: Point, b: Point): number {
  const r = Math.PI / 180;
  const x = (b[0] - a[0]) * r * Math.cos(((a[1] + b[1]) / 2) * r);
  const y = (b[1] - a[1]) * r;
  return 6_371_000 * Math.hypot(x, y);
}

/**
 * A fence centre on a vehicle's path that it reaches `atS` seconds in, from well outside the
 * circle (so the gateway's first fix sets "outside" and the crossing is an entry), and that
 * `fits` (visible on the map to draw it).
 */
export function fenceOnPath(paths: { vin: string; path: Point[] }[], radiusM: number, atS: [number, number], fits: (p: Point) => boolean) {
  for (let k = atS[0]; k <= atS[1]; k++) {
    for (const { vin, path } of paths) {
      const centre = path[k];
      if (!centre || !fits(centre)) continue;
      // Outside by a margin (a drawn centre is up to ~2 px, 150 m, off) until three quarters of the way.
      const clear = path.slice(0, Math.floor(k * 0.75)).every((p) => distanceM(p, centre) > radiusM + 200);
      if (clear) return { vin, centre, atS: k, path };
    }
  }
  return null;
}

/** Web-Mercator pixel offset of `p` from the map centre at `zoom` (MapLibre's 512 px tiles). */
export function pixelOffset(centre: Point, zoom: number, p: Point): { dx: number; dy: number } {
  const world = 512 * 2 ** zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world;
  return { dx: x(p[0]) - x(centre[0]), dy: y(p[1]) - y(centre[1]) };
}
