/**
 * Plausible urban driving: legs between neighbouring waypoints of a city (so routes look
 * like trips along main roads), a speed profile that accelerates to a cruise speed picked
 * per leg and brakes to stop at junctions, trips of a few legs separated by parking, and
 * charging stops when the battery asks for one. Positions are WGS84 degrees; distances
 * use a local equirectangular projection, exact enough within a city.
 */
import type { City, FenceSite, GeoPoint, SeededRandom } from '@wdiov/contracts/simulation/index';

export type DrivePhase = 'driving' | 'parked' | 'charging';

/** What the rest of the vehicle asks of the driver this step. */
export interface DriveRequests {
  /** A level-3 alarm: stop as soon as possible and stay stopped. */
  mustStop: boolean;
  /** Battery low: stop at the next junction and charge there. */
  wantsCharge: boolean;
  /** Battery full enough: leave the charger. */
  chargeDone: boolean;
  /** Drive through this fence site on the next leg; step() sets it to null when it takes the detour. */
  fenceDetour: FenceSite | null;
}

const M_PER_DEG_LAT = 111_320;
const MAX_ACCEL = 1.8; // m/s², brisk urban EV
const MAX_DECEL = 3.0;
const COMFORT_DECEL = 2.0; // used to plan the stop at a junction
const SPEED_CAP_MS = 120 / 3.6;
const NEIGHBOURS = 4;
const RED_LIGHTS_PER_KM = 0.8;

// Per city, each waypoint's nearest neighbours, computed once and shared by every vehicle.
const neighbourCache = new Map<string, number[][]>();
function neighboursOf(city: City): number[][] {
  let table = neighbourCache.get(city.key);
  if (!table) {
    const w = city.waypoints;
    const d2 = (a: GeoPoint, b: GeoPoint) => (a.lng - b.lng) ** 2 + (a.lat - b.lat) ** 2;
    table = w.map((p, i) => w.map((_, j) => j).filter((j) => j !== i).sort((a, b) => d2(p, w[a]) - d2(p, w[b])).slice(0, NEIGHBOURS));
    neighbourCache.set(city.key, table);
  }
  return table;
}

export class Motion {
  lng: number;
  lat: number;
  speedMs = 0;
  /** Acceleration over the last step (m/s²), for the power model and the pedals. */
  accelMs2 = 0;
  headingDeg = 0;
  mileageKm: number;
  phase: DrivePhase;

  private readonly mPerDegLng: number;
  private readonly neighbours: number[][];
  // A fixed per-vehicle offset of all waypoints, so vehicles on one route spread into "lanes".
  private readonly offsetLng: number;
  private readonly offsetLat: number;
  private prevIndex = -1;
  private fromIndex: number;
  private toIndex: number;
  private targetLng = 0;
  private targetLat = 0;
  private cruiseMs = 0;
  private stopAtTarget = false;
  private viaFence = false;
  private holdS = 0;
  private legsLeft: number;
  // Slowly varying driver pace (AR(1) around 0): traffic flow, not per-second jitter, which would waste energy.
  private pace = 0;

  constructor(private readonly city: City, private readonly rng: SeededRandom) {
    this.mPerDegLng = M_PER_DEG_LAT * Math.cos((city.centre.lat * Math.PI) / 180);
    this.neighbours = neighboursOf(city);
    this.offsetLng = rng.range(-250, 250) / this.mPerDegLng;
    this.offsetLat = rng.range(-250, 250) / M_PER_DEG_LAT;
    this.mileageKm = Math.round(rng.range(2_000, 60_000) * 10) / 10;
    this.fromIndex = rng.int(city.waypoints.length);
    this.toIndex = this.fromIndex;
    const start = city.waypoints[this.fromIndex];
    this.lng = start.lng + this.offsetLng;
    this.lat = start.lat + this.offsetLat;
    this.legsLeft = 3 + rng.int(10);
    this.phase = rng.chance(0.15) ? 'parked' : 'driving';
    this.holdS = this.phase === 'parked' ? rng.range(0, 600) : 0;
    this.nextLeg(null);
  }

  get speedKmh(): number {
    return this.speedMs * 3.6;
  }

  /** Advances dtS seconds. */
  step(dtS: number, req: DriveRequests): void {
    if (this.phase === 'charging') {
      this.stand();
      if (req.chargeDone) this.phase = 'driving';
      return;
    }
    if (this.phase === 'parked') {
      this.stand();
      this.holdS -= dtS;
      if (this.holdS <= 0 && !req.mustStop) {
        this.phase = 'driving';
        this.legsLeft = 3 + this.rng.int(10);
      }
      if (req.wantsCharge) this.phase = 'charging';
      return;
    }
    if (this.holdS > 0 || req.mustStop) {
      // A red light or stop (comfortable braking), or a level-3 alarm (hard braking), then standing.
      this.holdS -= dtS;
      this.drive(dtS, req.mustStop ? 0 : Math.max(0, this.speedMs - COMFORT_DECEL * dtS));
      return;
    }
    const dx = (this.targetLng - this.lng) * this.mPerDegLng;
    const dy = (this.targetLat - this.lat) * M_PER_DEG_LAT;
    const dist = Math.hypot(dx, dy);
    const stopping = this.stopAtTarget || req.wantsCharge;
    const brakeLimit = stopping ? Math.sqrt(2 * COMFORT_DECEL * Math.max(0, dist - 2)) : Number.POSITIVE_INFINITY;
    this.pace = 0.95 * this.pace + 0.016 * this.rng.normal();
    // Red lights and congestion between junctions: about one stop per kilometre.
    if (this.speedMs > 3 && this.rng.chance((RED_LIGHTS_PER_KM * this.speedMs * dtS) / 1000)) {
      this.holdS = this.rng.range(10, 60);
    }
    const wanted = Math.min(this.cruiseMs * (1 + this.pace), brakeLimit);
    const travelled = this.drive(dtS, wanted, dx, dy, dist);
    if (travelled >= dist - 1) this.arrive(stopping, req);
  }

  /** Changes speed toward `wanted` within the acceleration limits and moves along the heading; returns metres. */
  private drive(dtS: number, wanted: number, dx = 0, dy = 0, dist = 0): number {
    const v0 = this.speedMs;
    const dv = Math.max(-MAX_DECEL * dtS, Math.min(MAX_ACCEL * dtS, Math.min(wanted, SPEED_CAP_MS) - v0));
    const v1 = Math.max(0, v0 + dv);
    this.speedMs = v1;
    this.accelMs2 = (v1 - v0) / dtS;
    let metres = ((v0 + v1) / 2) * dtS;
    if (dist > 0) {
      metres = Math.min(metres, dist);
      this.lng += (dx / dist) * (metres / this.mPerDegLng);
      this.lat += (dy / dist) * (metres / M_PER_DEG_LAT);
      this.headingDeg = (Math.atan2(dx, dy) * 180) / Math.PI;
      if (this.headingDeg < 0) this.headingDeg += 360;
    } else if (metres > 0) {
      const rad = (this.headingDeg * Math.PI) / 180;
      this.lng += (Math.sin(rad) * metres) / this.mPerDegLng;
      this.lat += (Math.cos(rad) * metres) / M_PER_DEG_LAT;
    }
    this.mileageKm += metres / 1000;
    return metres;
  }

  private stand(): void {
    this.speedMs = 0;
    this.accelMs2 = 0;
  }

  private arrive(stopped: boolean, req: DriveRequests): void {
    this.lng = this.targetLng;
    this.lat = this.targetLat;
    if (stopped) this.stand();
    if (!this.viaFence) {
      this.prevIndex = this.fromIndex;
      this.fromIndex = this.toIndex;
    }
    this.legsLeft--;
    if (stopped && req.wantsCharge) {
      this.phase = 'charging';
    } else if (stopped && this.legsLeft <= 0) {
      this.phase = 'parked';
      this.holdS = this.rng.range(120, 900);
    } else if (stopped) {
      this.holdS = this.rng.range(5, 45); // traffic light or a short stop
    }
    this.nextLeg(req.fenceDetour);
    req.fenceDetour = null;
  }

  /** Picks the next target: a fence site when asked, else a near neighbour that is not a U-turn. */
  private nextLeg(fence: FenceSite | null): void {
    const w = this.city.waypoints;
    if (fence) {
      this.viaFence = true;
      this.targetLng = fence.lng;
      this.targetLat = fence.lat;
    } else {
      this.viaFence = false;
      const options = this.neighbours[this.fromIndex].filter((j) => j !== this.prevIndex);
      this.toIndex = this.rng.pick(options);
      this.targetLng = w[this.toIndex].lng + this.offsetLng;
      this.targetLat = w[this.toIndex].lat + this.offsetLat;
    }
    const legM = Math.hypot((this.targetLng - this.lng) * this.mPerDegLng, (this.targetLat - this.lat) * M_PER_DEG_LAT);
    const cruiseKmh = legM < 2_000 ? this.rng.range(25, 45) : legM < 5_000 ? this.rng.range(35, 60) : this.rng.range(50, 80);
    this.cruiseMs = cruiseKmh / 3.6;
    // A fence is driven through, not stopped in; the last leg of a trip ends in a stop.
    this.stopAtTarget = !this.viaFence && (this.legsLeft <= 1 || this.rng.chance(0.4));
  }
}
