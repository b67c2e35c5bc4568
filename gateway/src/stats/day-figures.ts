/**
 * What a vehicle did per day, computed from its positions in time order. Pure: the rollup job
 * (rollup-job.ts) feeds it the frames newer than its cursor and stores what it answers.
 *
 * Rules (the README's statistics section repeats them):
 * - mileage is the odometer's increase between valid readings (GB/T 32960 sentinels arrive as
 *   null); a decrease is a reset (counted, never negative mileage); an increase the speed cannot
 *   explain is a hop (counted with its distance, not added to the mileage);
 * - energy is pack voltage × current held since the previous frame, over gaps of at most
 *   GAP_CAP_S; discharge (current > 0) is energy used, charge (current < 0) energy charged;
 * - a silence longer than GAP_CAP_S, or time in the offline state, is offline time; the rest is
 *   online, and driving or charging when the held state says so;
 * - spans crossing midnight (the console's zone) are shared between the days pro rata.
 */

export const GAP_CAP_S = 300;
/** Fastest speed a hop check believes when no reported speed covers the span (a gap). */
export const TOP_SPEED_KMH = 220;
/** Odometer steps of 0.1 km and reporting jitter: increases this small are never a hop. */
const HOP_SLACK_KM = 0.3;
const HOP_FACTOR = 1.5;
const DAY_MS = 86_400_000;

export const STATE = { driving: 1, parked: 2, charging: 3, offline: 4 } as const;

export interface Frame {
  ts: number;
  speed: number | null;
  soc: number | null;
  mileage: number | null;
  voltage: number | null;
  current: number | null;
  state: number | null;
}

/** Where counting stopped: the last frame's time and held readings, the last valid odometer. */
export interface Carry {
  ts: number;
  odometerKm: number | null;
  odometerTs: number | null;
  speed: number | null;
  voltage: number | null;
  current: number | null;
  state: number | null;
}

export interface DayFigures {
  frames: number;
  mileageKm: number;
  energyUsedKwh: number;
  energyChargedKwh: number;
  drivingS: number;
  chargingS: number;
  onlineS: number;
  offlineS: number;
  invalidCount: number;
  abnormalCount: number;
  hopCount: number;
  hopKm: number;
  resetCount: number;
}

export const emptyDay = (): DayFigures => ({
  frames: 0, mileageKm: 0, energyUsedKwh: 0, energyChargedKwh: 0, drivingS: 0, chargingS: 0, onlineS: 0, offlineS: 0,
  invalidCount: 0, abnormalCount: 0, hopCount: 0, hopKm: 0, resetCount: 0,
});

/** `yyyy-MM-dd` of an instant in the console's zone. */
export const dayOf = (ms: number, utcOffsetMin: number) => new Date(ms + utcOffsetMin * 60_000).toISOString().slice(0, 10);

/** The span (from, to] cut at the console's midnights: each day's key and share of the span. */
export function splitByDay(from: number, to: number, utcOffsetMin: number): { day: string; share: number; seconds: number }[] {
  const off = utcOffsetMin * 60_000;
  if (to <= from) return [{ day: dayOf(to, utcOffsetMin), share: 1, seconds: 0 }];
  const out: { day: string; share: number; seconds: number }[] = [];
  for (let a = from; a < to;) {
    const midnight = (Math.floor((a + off) / DAY_MS) + 1) * DAY_MS - off;
    const b = Math.min(midnight, to);
    out.push({ day: dayOf(a, utcOffsetMin), share: (b - a) / (to - from), seconds: (b - a) / 1000 });
    a = b;
  }
  return out;
}

const inRange = (v: number | null, lo: number, hi: number) => v === null || (v >= lo && v <= hi);
/** A value the standard can encode but no vehicle shows: counted as abnormal. */
const implausible = (f: Frame) =>
  !inRange(f.speed, 0, TOP_SPEED_KMH) || !inRange(f.soc, 0, 100) || !inRange(f.voltage, 0, 1000) || !inRange(f.current, -1000, 1000) || !inRange(f.mileage, 0, 9_999_999);
const anyInvalid = (f: Frame) => f.speed === null || f.soc === null || f.mileage === null || f.voltage === null || f.current === null;

/** An odometer increase the speed cannot explain (vehicleHopStatistics/detail lists them). */
export interface Hop {
  ts: number;
  /** Time of the previous valid odometer reading. */
  previousTs: number;
  fromKm: number;
  toKm: number;
  /** The speed the check believed over the span, km/h. */
  speedKmh: number;
}

/**
 * Folds frames (sorted by time, all after `carry.ts`) into per-day figures; answers the new
 * carry. `onHop` hears every hop counted, so a detail screen lists exactly what the figures count.
 */
export function rollFrames(carry: Carry | undefined, frames: readonly Frame[], utcOffsetMin: number, onHop?: (hop: Hop) => void): { days: Map<string, DayFigures>; carry: Carry | undefined } {
  const days = new Map<string, DayFigures>();
  const at = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = emptyDay()));
    return d;
  };
  let c = carry && { ...carry };
  for (const f of frames) {
    if (c && f.ts <= c.ts) continue;
    const day = at(dayOf(f.ts, utcOffsetMin));
    day.frames++;
    const bad = implausible(f);
    if (anyInvalid(f)) day.invalidCount++;
    if (bad) day.abnormalCount++;
    if (c) spanFigures(c, f, utcOffsetMin, at);
    const odometer = f.mileage !== null && !bad ? f.mileage : null;
    if (c && odometer !== null && c.odometerKm !== null && c.odometerTs !== null) {
      odometerFigures(c, f, odometer, utcOffsetMin, at, onHop);
    }
    c = {
      ts: f.ts,
      odometerKm: odometer ?? c?.odometerKm ?? null,
      odometerTs: odometer !== null ? f.ts : c?.odometerTs ?? null,
      speed: bad ? null : f.speed, voltage: bad ? null : f.voltage, current: bad ? null : f.current, state: f.state,
    };
  }
  return { days, carry: c };
}

/** Time and energy of the span since the previous frame, with the readings held over it. */
function spanFigures(c: Carry, f: Frame, offset: number, at: (day: string) => DayFigures) {
  const seconds = (f.ts - c.ts) / 1000;
  const silent = seconds > GAP_CAP_S || c.state === STATE.offline;
  const kwh = !silent && c.voltage !== null && c.current !== null ? (c.voltage * c.current * seconds) / 3_600_000 : 0;
  for (const part of splitByDay(c.ts, f.ts, offset)) {
    const d = at(part.day);
    if (silent) {
      d.offlineS += part.seconds;
      continue;
    }
    d.onlineS += part.seconds;
    if (c.state === STATE.driving) d.drivingS += part.seconds;
    if (c.state === STATE.charging) d.chargingS += part.seconds;
    if (kwh > 0) d.energyUsedKwh += kwh * part.share;
    if (kwh < 0) d.energyChargedKwh -= kwh * part.share;
  }
}

/** Mileage since the last valid odometer reading: a reset, a hop, or distance driven. */
function odometerFigures(c: Carry, f: Frame, odometer: number, offset: number, at: (day: string) => DayFigures, onHop?: (hop: Hop) => void) {
  const delta = odometer - c.odometerKm!;
  const today = at(dayOf(f.ts, offset));
  if (delta < 0) {
    today.resetCount++;
    return;
  }
  const hours = (f.ts - c.odometerTs!) / 3_600_000;
  const covered = c.ts === c.odometerTs && (f.ts - c.ts) / 1000 <= GAP_CAP_S;
  const speed = covered ? Math.max(c.speed ?? 0, f.speed ?? 0) : TOP_SPEED_KMH;
  if (delta > speed * hours * HOP_FACTOR + HOP_SLACK_KM) {
    today.hopCount++;
    today.hopKm += delta;
    onHop?.({ ts: f.ts, previousTs: c.odometerTs!, fromKm: c.odometerKm!, toKm: odometer, speedKmh: speed });
    return;
  }
  for (const part of splitByDay(c.odometerTs!, f.ts, offset)) at(part.day).mileageKm += delta * part.share;
}
