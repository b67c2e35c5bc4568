/**
 * Runs N simulated vehicles on one event loop: a single setInterval tick advances a timer
 * wheel, and only the vehicles due in the elapsed slots wake up, so the cost per tick is
 * proportional to the work due, not to the fleet size, and no vehicle owns a timer.
 */
import type { Edition } from '@wdiov/contracts/protocol/index';
import { CITIES, SeededRandom, demoFleet, hashSeed, type CityKey, type FenceSite } from '@wdiov/contracts/simulation/index';
import { newStats, type FleetStats } from './stats.ts';
import { TimerWheel } from './timer-wheel.ts';
import { SimVehicle, type LinkOptions } from './vehicle.ts';
import type { SafetyConditions } from './safety-conditions.ts';
import { VehicleModel, type ModelConfig } from './vehicle-model.ts';

export interface FleetOptions {
  vehicles: number;
  /** Reports per second per vehicle. */
  rate: number;
  seed: number;
  host: string;
  port: number;
  edition: Edition;
  /** Events per vehicle-hour. */
  alarmRate: number;
  faultRate: number;
  fenceRate: number;
  city: CityKey;
  /** Fence sites to drive through (default: the city's). */
  fences?: readonly FenceSite[];
  /** Seconds over which connection starts are spread. */
  rampS: number;
  cells: number;
  /** Conditions injected into every vehicle for the safety models (none by default). */
  conditions?: SafetyConditions;
}

export interface FleetDeps {
  now?: () => number;
  onSent?: (bytes: Uint8Array, nowMs: number) => void;
  tickMs?: number;
  link?: Partial<LinkOptions>;
}

const BACKOFF_STREAM = 6;

export class Fleet {
  readonly stats: FleetStats;
  readonly vehicles: SimVehicle[] = [];
  private readonly now: () => number;
  private wheel: TimerWheel<SimVehicle> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private tickNow = 0;

  constructor(private readonly opts: FleetOptions, private readonly deps: FleetDeps = {}) {
    this.now = deps.now ?? Date.now;
    this.stats = newStats(opts.vehicles);
  }

  /** Creates the vehicles (starts spread over the ramp) and starts the tick. */
  start(): void {
    const o = this.opts;
    const t0 = this.now();
    const city = CITIES[o.city];
    const config: ModelConfig = {
      seed: o.seed, edition: o.edition, city, fences: o.fences ?? city.fences, reportPeriodMs: 1000 / o.rate, cells: o.cells,
      rates: { alarmsPerHour: o.alarmRate, faultsPerHour: o.faultRate, fencesPerHour: o.fenceRate }, conditions: o.conditions,
    };
    const link: LinkOptions = { host: o.host, port: o.port, ...this.deps.link };
    const hooks = { now: this.now, onSent: this.deps.onSent };
    this.wheel = new TimerWheel<SimVehicle>(t0, 50);
    for (const identity of demoFleet(o.seed, o.vehicles, city.platePrefix)) {
      const startMs = t0 + Math.floor((identity.index * o.rampS * 1000) / Math.max(1, o.vehicles));
      const model = new VehicleModel(identity, config, startMs, this.stats);
      const rng = new SeededRandom(hashSeed(o.seed, identity.index, BACKOFF_STREAM));
      const vehicle = new SimVehicle(model, link, this.stats, hooks, rng);
      this.vehicles.push(vehicle);
      this.wheel.schedule(vehicle);
    }
    this.timer = setInterval(() => this.tick(), this.deps.tickMs ?? 50);
  }

  /** Stops the tick, logs every vehicle out and waits for the sockets to close. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.vehicles.map((v) => v.stop()));
  }

  private readonly fire = (v: SimVehicle) => {
    v.wake(this.tickNow);
    if (v.state !== 'stopping' && v.state !== 'stopped') this.wheel?.schedule(v);
  };

  private tick(): void {
    this.tickNow = this.now();
    this.wheel?.advance(this.tickNow, this.fire);
  }
}
