/**
 * One simulated vehicle without any I/O: driver (motion), battery, events and terminal
 * logic advance in fixed steps of simulated time, and each step yields the frames the
 * terminal sends at that moment. Deterministic for (seed, index, start time): every
 * subsystem draws from its own seeded stream, and nothing reads the wall clock.
 */
import { Command, encodeGear, type Edition } from '@wdiov/contracts/protocol/index';
import { SeededRandom, hashSeed, type City, type FenceSite } from '@wdiov/contracts/simulation/index';
import { Battery, createPack } from './battery.ts';
import { type EventRates, LEVEL3_WINDOW_MS, VehicleEvents } from './events.ts';
import { placeholderSignature, realtimeFrames, type Terminal } from './frames.ts';
import { Motion, type DriveRequests } from './motion.ts';
import { emptySnapshot, SnapshotRing, type Snapshot } from './snapshot.ts';
import type { SafetyConditions } from './safety-conditions.ts';
import type { SimCounters } from './stats.ts';

export interface ModelConfig {
  seed: number;
  edition: Edition;
  city: City;
  /** Fence sites the vehicles detour through (default: the city's). */
  fences: readonly FenceSite[];
  reportPeriodMs: number;
  cells: number;
  rates: EventRates;
  /** Conditions injected for the safety models (none by default). */
  conditions?: SafetyConditions;
}

export interface VehicleIdentity {
  index: number;
  vin: string;
  iccid: string;
}

// Independent random streams per subsystem, so a change in one never shifts the others.
const STREAM = { motion: 1, battery: 2, events: 3, pack: 4, schedule: 5 } as const;

// A mid-size BEV: mass kg, rolling resistance, drag area m², drivetrain and regen efficiency.
const MASS = 1850;
const ROLLING = 0.011;
const DRAG_AREA = 0.62;
const DRIVE_EFFICIENCY = 0.9;
const REGEN_EFFICIENCY = 0.65;
const MAX_REGEN_KW = 45;
const AUX_KW = 1.2;
const WHEEL_RADIUS_M = 0.33;
const GEAR_RATIO = 9.7;
const MAX_TORQUE_NM = 310;
const CHARGE_BELOW_PCT = 20;
const CHARGE_UNTIL_PCT = 90;
const GEAR_P = 15;
const GEAR_D = 14;

/** Power at the wheels (kW) for a speed and acceleration: inertia, rolling and air drag. */
export function wheelPowerKw(speedMs: number, accelMs2: number): number {
  return (MASS * accelMs2 * speedMs + MASS * 9.81 * ROLLING * speedMs + 0.5 * 1.2 * DRAG_AREA * speedMs ** 3) / 1000;
}

export class VehicleModel {
  readonly terminal: Terminal;
  readonly stepMs: number;
  /** Simulated time of the last step (epoch ms). */
  simMs: number;
  readonly snapshot: Snapshot = emptySnapshot();
  readonly motion: Motion;
  readonly battery: Battery;
  readonly events: VehicleEvents;

  private readonly requests: DriveRequests = { mustStop: false, wantsCharge: false, chargeDone: false, fenceDetour: null };
  private readonly rng: SeededRandom;
  private readonly insideFence: boolean[];
  private readonly mPerDegLng: number;
  private readonly baseInsulationKohm: number;
  private motorTempC: number;
  private controllerTempC: number;
  private nextReportMs: number;
  /** Starts as the fleet's period; a platform's parameter set (0x81) may change it per vehicle. */
  private reportPeriodMs: number;
  private lastReportMs = Number.NEGATIVE_INFINITY;
  // Samples of the last 30 s, kept only while a level-3 alarm is near or on (see record()).
  private ring: SnapshotRing | null = null;
  private lastRecordMs = Number.NEGATIVE_INFINITY;
  private readonly pastSample = emptySnapshot();

  constructor(id: VehicleIdentity, private readonly cfg: ModelConfig, startMs: number, private readonly counters: SimCounters) {
    const stream = (s: number) => new SeededRandom(hashSeed(cfg.seed, id.index, s));
    this.rng = stream(STREAM.schedule);
    this.stepMs = Math.max(100, Math.min(1000, Math.round(cfg.reportPeriodMs)));
    this.simMs = startMs;
    const pack = createPack(stream(STREAM.pack), cfg.cells);
    this.motion = new Motion(cfg.city, stream(STREAM.motion));
    this.battery = new Battery(pack, stream(STREAM.battery), 22 + this.rng.range(0, 8));
    this.events = new VehicleEvents(stream(STREAM.events), cfg.rates, cfg.edition, startMs, counters);
    this.terminal = {
      vin: id.vin, iccid: id.iccid, edition: cfg.edition, pack, events: this.events,
      signature: cfg.edition === '2025' ? placeholderSignature(id.vin) : undefined,
      conditions: cfg.conditions,
    };
    this.insideFence = cfg.fences.map(() => false);
    this.mPerDegLng = 111_320 * Math.cos((cfg.city.centre.lat * Math.PI) / 180);
    this.baseInsulationKohm = Math.round(this.rng.range(3_000, 8_000));
    this.motorTempC = this.battery.ambientC + 5;
    this.controllerTempC = this.battery.ambientC + 3;
    this.reportPeriodMs = cfg.reportPeriodMs;
    // Spread the fleet's reports over the period instead of bunching them on one second.
    this.nextReportMs = startMs + 1000 * this.rng.int(Math.max(1, Math.floor(cfg.reportPeriodMs / 1000)));
  }

  get nextStepMs(): number {
    return this.simMs + this.stepMs;
  }

  /** Advances one step and appends the frames the terminal sends now (realtime, and reissue around a level-3 alarm). */
  step(out: Uint8Array[]): void {
    const now = (this.simMs += this.stepMs);
    const dtS = this.stepMs / 1000;
    const level3Started = this.events.step(now, this.battery.socPct);
    this.drive(dtS);
    this.crossFences();
    this.sample(now);

    if (level3Started && this.ring) {
      // Level-3 rule: the 30 s before the alarm go out first, as reissue frames.
      for (let i = 0; i < this.ring.size; i++) {
        const past = this.ring.read(i, this.pastSample);
        if (past.timeMs >= now - LEVEL3_WINDOW_MS && past.timeMs < now) out.push(...realtimeFrames(this.terminal, past, Command.reissue));
      }
    }
    this.record(now);

    let due = false;
    if (now >= this.nextReportMs) {
      due = true;
      while (this.nextReportMs <= now) this.nextReportMs += this.reportPeriodMs;
    }
    if (now <= this.events.fastUntilMs && now - this.lastReportMs >= 1000) due = true;
    if (due) {
      out.push(...realtimeFrames(this.terminal, this.snapshot));
      this.lastReportMs = now;
    }
  }

  get reportPeriod(): number {
    return this.reportPeriodMs;
  }

  /** A new report period from the next report on (reports never come faster than one per step). */
  setReportPeriod(ms: number): void {
    if (!(ms > 0) || ms === this.reportPeriodMs) return;
    this.reportPeriodMs = ms;
    this.nextReportMs = Math.min(this.nextReportMs, this.simMs + ms);
  }

  private drive(dtS: number): void {
    const { motion, battery, events, requests: req } = this;
    if (events.fenceDetourDue && this.cfg.fences.length > 0) {
      req.fenceDetour = this.rng.pick(this.cfg.fences);
      events.fenceDetourDue = false;
    }
    req.mustStop = events.level3Active;
    req.wantsCharge = battery.socPct < CHARGE_BELOW_PCT;
    req.chargeDone = battery.socPct >= CHARGE_UNTIL_PCT;
    motion.step(dtS, req);

    const wheelKw = motion.phase === 'driving' ? wheelPowerKw(motion.speedMs, motion.accelMs2) : 0;
    let packKw = 0;
    if (motion.phase === 'charging') packKw = battery.chargePowerKw();
    else if (motion.phase === 'driving') {
      packKw = (wheelKw >= 0 ? wheelKw / DRIVE_EFFICIENCY : Math.max(-MAX_REGEN_KW, wheelKw * REGEN_EFFICIENCY)) + AUX_KW;
    }
    battery.step(dtS, packKw);
    const load = Math.abs(wheelKw);
    this.motorTempC += (battery.ambientC + 10 + 0.6 * load - this.motorTempC) * Math.min(1, dtS / 300);
    this.controllerTempC += (battery.ambientC + 5 + 0.4 * load - this.controllerTempC) * Math.min(1, dtS / 200);
  }

  /** Counts each time the vehicle enters or leaves a fence site (what the platform reports). */
  private crossFences(): void {
    const fences = this.cfg.fences;
    for (let i = 0; i < fences.length; i++) {
      const f = fences[i];
      const dx = (this.motion.lng - f.lng) * this.mPerDegLng;
      const dy = (this.motion.lat - f.lat) * 111_320;
      const inside = dx * dx + dy * dy < f.radiusM * f.radiusM;
      if (inside !== this.insideFence[i]) {
        this.insideFence[i] = inside;
        this.counters.fenceCrossings++;
      }
    }
  }

  /** Fills this.snapshot from the current state, with the visible effects of active alarms. */
  private sample(now: number): void {
    const { motion, battery, events, snapshot: s } = this;
    const flag = (bit: number) => ((events.flags >>> bit) & 1) === 1;
    const driving = motion.phase === 'driving';
    const moving = motion.speedMs > 0.05;
    const wheelKw = driving ? wheelPowerKw(motion.speedMs, motion.accelMs2) : 0;
    s.timeMs = now;
    s.lng = motion.lng;
    s.lat = motion.lat;
    s.speedKmh = motion.speedKmh;
    s.mileageKm = motion.mileageKm;
    s.vehicleState = driving ? 1 : 2;
    s.chargeState = motion.phase === 'charging' ? 1 : 3;
    s.gear = encodeGear({
      position: driving ? GEAR_D : GEAR_P, braking: driving && (motion.accelMs2 < -0.2 || !moving),
      driving: driving && wheelKw > 0, reservedBit6: false, positionInvalid: false,
    });
    s.acceleratorPct = driving && wheelKw > 0 ? Math.min(100, Math.round(10 + wheelKw)) : 0;
    s.brakePct = !driving ? 0 : !moving ? 30 : motion.accelMs2 < -0.2 ? Math.min(100, Math.round(-motion.accelMs2 * 30)) : 0;
    s.socPct = battery.socPct;
    s.currentA = battery.currentA;
    s.cellVoltageV = battery.cellVoltageV;
    s.weakCellOffsetV = battery.weakDriftV - (flag(6) ? 0.3 : 0) - (flag(10) ? 0.15 : 0);
    s.packTempC = battery.packTempC + (flag(1) ? 18 : 0);
    s.motorState = !driving ? 3 : !moving ? 4 : wheelKw < 0 ? 2 : 1;
    const motorRadS = (motion.speedMs / WHEEL_RADIUS_M) * GEAR_RATIO;
    s.motorRpm = Math.round((motorRadS * 60) / (2 * Math.PI));
    s.motorTorqueNm = motorRadS > 1 ? Math.max(-MAX_TORQUE_NM, Math.min(MAX_TORQUE_NM, (wheelKw * 1000) / motorRadS)) : 0;
    s.motorTempC = this.motorTempC + (flag(17) ? 45 : 0);
    s.controllerTempC = this.controllerTempC + (flag(15) ? 40 : 0);
    s.insulationKohm = flag(11) ? 60 : this.baseInsulationKohm;
    s.dcdcState = motion.phase === 'parked' ? 2 : 1;
    s.alarmFlags = events.flags;
    s.alarmLevel = events.maxLevel;
    s.faultMask = events.faultMask;
  }

  /**
   * A terminal samples continuously; only the last 30 s can ever be asked for, and only
   * by a level-3 alarm, so samples are kept from 31 s before the next scheduled one
   * until its 1 s window ends. Same output as always recording, at a fraction of the memory.
   */
  private record(now: number): void {
    const near = now >= this.events.nextLevel3Ms - LEVEL3_WINDOW_MS - 1000 || now <= this.events.fastUntilMs;
    if (!near) {
      this.ring = null;
      return;
    }
    this.ring ??= new SnapshotRing(LEVEL3_WINDOW_MS / 1000);
    if (now - this.lastRecordMs >= 1000) {
      this.ring.push(this.snapshot);
      this.lastRecordMs = now;
    }
  }
}
