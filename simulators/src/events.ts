/**
 * What goes wrong with a vehicle, at configurable rates (Poisson processes, events per
 * vehicle-hour): general alarm flags raised with a level 1–3 and cleared after a while,
 * the SOC-low flag driven by the battery itself, faults as DM1-style fault codes, and
 * requests to drive through a fence site. A level-3 alarm switches the vehicle to 1 s
 * reporting until 30 s after it clears (GB/T 32960.3 annex B.2: ≤ 1 s sampling from 30 s
 * before to 30 s after); the model re-sends the 30 s before it as reissue frames.
 */
import { encodeJ1939Dtc, type Edition } from '@wdiov/contracts/protocol/index';
import type { SeededRandom } from '@wdiov/contracts/simulation/index';
import type { SimCounters } from './stats.ts';

export interface EventRates {
  alarmsPerHour: number;
  faultsPerHour: number;
  fencesPerHour: number;
}

export type FaultList = 'ress' | 'motor' | 'other';

export interface FaultDefinition {
  spn: number;
  fmi: number;
  list: FaultList;
  level: number;
  name: string;
}

/**
 * Illustrative J1939 (SPN, FMI) pairs, names from the J1939 SPN table; an OEM's fault
 * table decides what they mean on its vehicles. Each alarm-block fault code is the
 * 4-byte DM1 DTC read as a big-endian DWORD, so decodeJ1939Dtc reads it back.
 */
export const FAULT_TABLE: readonly FaultDefinition[] = [
  { spn: 1800, fmi: 16, list: 'ress', level: 2, name: 'battery 1 temperature above normal' },
  { spn: 114, fmi: 2, list: 'ress', level: 1, name: 'net battery current erratic' },
  { spn: 629, fmi: 12, list: 'motor', level: 2, name: 'controller #1 bad intelligent device' },
  { spn: 84, fmi: 2, list: 'motor', level: 1, name: 'wheel-based vehicle speed erratic' },
  { spn: 168, fmi: 4, list: 'other', level: 1, name: 'battery potential (12 V) below normal' },
  { spn: 4990, fmi: 12, list: 'other', level: 1, name: 'battery charger 1 bad intelligent device' },
  { spn: 639, fmi: 9, list: 'other', level: 1, name: 'J1939 network #1 abnormal update rate' },
  { spn: 597, fmi: 2, list: 'other', level: 1, name: 'brake switch erratic' },
];

export function faultCode(def: FaultDefinition, occurrences: number): number {
  const b = encodeJ1939Dtc(def.spn, def.fmi, Math.min(126, occurrences));
  return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
}

export const SOC_LOW_BIT = 4;
const SOC_LOW_ON = 15;
const SOC_LOW_OFF = 20;
// Flags drawn at random: those a BEV can raise, minus SOC low/high which follow the battery.
const RANDOM_BITS_2016 = [0, 1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
const RANDOM_BITS_2025 = [...RANDOM_BITS_2016, 19, 20];
const HOUR_MS = 3_600_000;
export const LEVEL3_WINDOW_MS = 30_000;
const LOOKAHEAD_MS = LEVEL3_WINDOW_MS + 5_000;

export class VehicleEvents {
  flags = 0;
  maxLevel = 0;
  faultMask = 0;
  /** Report every second until this time (level-3 rule). */
  fastUntilMs = Number.NEGATIVE_INFINITY;
  /** Set when a fence detour is due; the model hands it to the driver. */
  fenceDetourDue = false;
  /** Level of each active flag bit (2025 lists them). */
  readonly levels = new Uint8Array(32);
  /** Per FAULT_TABLE entry: how often it was raised (the DTC occurrence count). */
  readonly occurrences = new Uint8Array(FAULT_TABLE.length);
  private readonly alarmEndMs = new Float64Array(32);
  private readonly faultEndMs = new Float64Array(FAULT_TABLE.length);
  private readonly randomBits: readonly number[];
  // Alarms are drawn ahead of time (onset, level) so a level-3 onset is known 30 s early,
  // whatever milder alarms come before it (see nextLevel3Ms).
  private readonly alarmAtMs: number[] = [];
  private readonly alarmLevel: number[] = [];
  private lastDrawnMs: number;
  private nextFaultMs: number;
  private nextFenceMs: number;

  constructor(
    private readonly rng: SeededRandom,
    private readonly rates: EventRates,
    edition: Edition,
    startMs: number,
    private readonly counters: SimCounters,
  ) {
    this.randomBits = edition === '2016' ? RANDOM_BITS_2016 : RANDOM_BITS_2025;
    this.lastDrawnMs = startMs;
    this.drawAlarmsUntil(startMs + LOOKAHEAD_MS);
    this.nextFaultMs = startMs + rng.exponential(rates.faultsPerHour / HOUR_MS);
    this.nextFenceMs = startMs + rng.exponential(rates.fencesPerHour / HOUR_MS);
  }

  get level3Active(): boolean {
    return this.maxLevel >= 3;
  }

  /** When the next level-3 alarm starts, if within the look-ahead (else Infinity): the model records 30 s ahead of it. */
  get nextLevel3Ms(): number {
    const i = this.alarmLevel.indexOf(3);
    return i < 0 ? Number.POSITIVE_INFINITY : this.alarmAtMs[i];
  }

  /** Raises and clears what is due at nowMs. Returns true when a level-3 alarm started. */
  step(nowMs: number, socPct: number): boolean {
    for (let bit = 0; bit < 32; bit++) if ((this.flags >>> bit) & 1 && this.alarmEndMs[bit] <= nowMs) this.clear(bit);
    for (let i = 0; i < FAULT_TABLE.length; i++) {
      if ((this.faultMask >>> i) & 1 && this.faultEndMs[i] <= nowMs) this.faultMask &= ~(1 << i);
    }
    const socLow = (this.flags >>> SOC_LOW_BIT) & 1;
    if (!socLow && socPct < SOC_LOW_ON) this.raise(SOC_LOW_BIT, 1, Number.POSITIVE_INFINITY);
    if (socLow && socPct >= SOC_LOW_OFF) this.clear(SOC_LOW_BIT);

    let level3Started = false;
    this.drawAlarmsUntil(nowMs + LOOKAHEAD_MS);
    while (this.alarmAtMs.length > 0 && nowMs >= this.alarmAtMs[0]) {
      this.alarmAtMs.shift();
      const level = this.alarmLevel.shift() ?? 1;
      const endMs = nowMs + 1000 * (level === 3 ? this.rng.range(20, 60) : this.rng.range(30, 300));
      this.raise(this.rng.pick(this.randomBits), level, endMs);
      if (level === 3) {
        level3Started = true;
        this.counters.level3Raised++;
        this.fastUntilMs = Math.max(this.fastUntilMs, endMs + LEVEL3_WINDOW_MS);
      }
    }
    while (nowMs >= this.nextFaultMs) {
      const i = this.rng.int(FAULT_TABLE.length);
      this.faultMask |= 1 << i;
      this.faultEndMs[i] = nowMs + 1000 * this.rng.range(60, 900);
      this.occurrences[i] = Math.min(126, this.occurrences[i] + 1);
      this.counters.faultsRaised++;
      this.nextFaultMs += this.rng.exponential(this.rates.faultsPerHour / HOUR_MS);
    }
    while (nowMs >= this.nextFenceMs) {
      this.fenceDetourDue = true;
      this.nextFenceMs += this.rng.exponential(this.rates.fencesPerHour / HOUR_MS);
    }
    this.maxLevel = this.highestLevel();
    return level3Started;
  }

  /** Fault codes of one list for a snapshot's fault mask. */
  faultCodes(mask: number, list: FaultList): number[] {
    if (mask === 0) return NO_CODES;
    const out: number[] = [];
    for (let i = 0; i < FAULT_TABLE.length; i++) {
      if ((mask >>> i) & 1 && FAULT_TABLE[i].list === list) out.push(faultCode(FAULT_TABLE[i], this.occurrences[i]));
    }
    return out;
  }

  /** Highest level among the snapshot's flags and faults (the alarm block's first byte). */
  levelOf(flags: number, mask: number): number {
    let level = 0;
    for (let bit = 0; bit < 32; bit++) if ((flags >>> bit) & 1) level = Math.max(level, this.levels[bit] || 1);
    for (let i = 0; i < FAULT_TABLE.length; i++) if ((mask >>> i) & 1) level = Math.max(level, FAULT_TABLE[i].level);
    return level;
  }

  private highestLevel(): number {
    return this.levelOf(this.flags, this.faultMask);
  }

  private drawAlarmsUntil(untilMs: number): void {
    while (this.lastDrawnMs <= untilMs) {
      this.lastDrawnMs += this.rng.exponential(this.rates.alarmsPerHour / HOUR_MS);
      this.alarmAtMs.push(this.lastDrawnMs);
      this.alarmLevel.push(this.drawLevel());
    }
  }

  // 60 % level 1, 30 % level 2, 10 % level 3.
  private drawLevel(): number {
    const x = this.rng.next();
    return x < 0.6 ? 1 : x < 0.9 ? 2 : 3;
  }

  private raise(bit: number, level: number, endMs: number): void {
    const wasSet = (this.flags >>> bit) & 1;
    this.flags = (this.flags | (1 << bit)) >>> 0;
    this.levels[bit] = Math.max(wasSet ? this.levels[bit] : 0, level);
    this.alarmEndMs[bit] = Math.max(wasSet ? this.alarmEndMs[bit] : 0, endMs);
    this.counters.alarmsRaised++;
  }

  private clear(bit: number): void {
    this.flags = (this.flags & ~(1 << bit)) >>> 0;
    this.levels[bit] = 0;
  }
}

const NO_CODES: number[] = [];
