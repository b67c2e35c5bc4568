import type { Logger } from 'pino';
import {
  HIDDEN_DANGER_ITEMS, SAFETY_RULES, chemistryOf, matrixAbnormal, matrixColumn, rangeRms, type SafetySettings, type Telemetry,
} from '@wdiov/contracts';
import type { AlarmData, Edition, RealtimeItem } from '@wdiov/contracts/protocol/index';
import type { Db } from '../db/client.ts';
import { gbt32960Frame } from '../ingest/alarm-adapter.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';
import { dayOf } from '../stats/day-figures.ts';
import { MATRIX_ITEMS, addFrame, emptyTotals, sumTotals, type DayTotals, type VehicleCarry } from './day-totals.ts';
import { addDays, loadDay, packChemistry, type DayDelta } from './day-store.ts';
import { readingsOf } from './frame-readings.ts';
import type { SafetySettingsSource } from './settings-source.ts';
import type { Finding, WarningWriter } from './warning-writer.ts';

/** How often the day deltas go to wdiov_safety_daily. */
export const SAFETY_FLUSH_MS = 5_000;

interface VehicleDay {
  day: string;
  /** The row as it was stored when this gateway first saw the day (null while it loads), plus what it flushed since. */
  stored: DayTotals | null;
  delta: DayTotals;
  /** Hidden dangers this gateway found on the day (each is raised once a day at most). */
  found: Set<string>;
}

interface Watched {
  tenantId: string;
  vin: string;
  plate: string;
  carry: VehicleCarry;
  chemistry: 'ncm' | 'lfp' | undefined;
  /** Fault items whose flag the last frame reported. */
  faults: Set<string>;
  /** The vehicle's warnings are written one after another: a hidden danger counts the ones before it. */
  writing: Promise<unknown>;
  day?: VehicleDay;
}

const itemName = (code: string) => HIDDEN_DANGER_ITEMS.find((i) => i.code === code)!.name.zh;
const FAULT_RULES = SAFETY_RULES.map((rule) => ({ rule, code: rule.type.slice(rule.type.indexOf(':') + 1) }));

/**
 * The GB/T 45688 safety monitor, a sink of the live ingest: on every live frame it evaluates
 * the fault items (F1…F12, a warning when an item's flag comes on) and adds the frame to the
 * vehicle's day totals, then judges the hidden-danger models on those totals (C.1–C.5 risk
 * matrices, C.3 range, C.9 insulation, C.10 sampling); the totals go to wdiov_safety_daily every
 * few seconds. Reissued frames are stored history, not live: they are left out, as the alarm
 * engine leaves them out.
 */
export class SafetyMonitor implements IngestSink {
  /** C.3 and C.10 judge whole cell lists (2025 frames carry no extremes but the lists). */
  readonly readsCells = true;
  private readonly vehicles = new Map<string, Watched>();
  private pending: DayDelta[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly paramsBySettings = new WeakMap<SafetySettings, unknown[]>();
  private timer?: NodeJS.Timeout;
  raised = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: SafetySettingsSource,
    private readonly writer: WarningWriter,
    private readonly utcOffsetMin: number,
    private readonly logger?: Logger,
  ) {}

  start(flushMs = SAFETY_FLUSH_MS): void {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  telemetry(t: Telemetry, alarm: AlarmData | undefined, edition: Edition, items?: readonly RealtimeItem[]): void {
    if (t.reissue) return;
    const s = this.settings.current();
    const v = this.watch(t);
    const state = gbt32960Frame(t, alarm, edition).state;
    const params = this.faultParams(s);
    for (const [i, { rule, code }] of FAULT_RULES.entries()) {
      const level = rule.evaluate!(state, params[i]);
      if (level === false) v.faults.delete(code);
      else if (!v.faults.has(code)) {
        v.faults.add(code);
        this.raise(v, { tenantId: v.tenantId, vin: v.vin, plate: v.plate, item: code, itemName: rule.name.zh, level, raisedAt: t.ts, detail: `flag ${rule.reports}` });
      }
    }
    const day = this.dayOf(v, t.ts);
    addFrame(day.delta, v.carry, readingsOf(t, items), s, v.chemistry);
    if (day.stored) this.judge(v, day, s, t.ts);
  }

  raw(): void {}

  /** The fault rules' parameters under a settings object, parsed once per read of the params. */
  private faultParams(s: SafetySettings): unknown[] {
    let params = this.paramsBySettings.get(s);
    if (!params) this.paramsBySettings.set(s, (params = FAULT_RULES.map(({ rule, code }) => rule.paramsOf({ level: s[`${code}.level` as `F${number}.level`] }))));
    return params;
  }

  presence(): void {}

  /** Sends the day deltas to the table; a failed write keeps them for the next flush. */
  async flush(): Promise<void> {
    const out = this.pending;
    this.pending = [];
    for (const v of this.vehicles.values()) {
      const d = v.day;
      if (!d?.stored || d.delta.frames === 0) continue;
      out.push({ tenantId: v.tenantId, vin: v.vin, day: d.day, totals: d.delta });
      d.stored = sumTotals(d.stored, d.delta);
      d.delta = emptyTotals();
    }
    try {
      await addDays(this.db, out);
    } catch (err) {
      this.pending.push(...out);
      this.logger?.error({ err, days: out.length }, 'safety day totals not written; kept for the next flush');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inflight]);
    await this.flush();
  }

  /** Settles once the loads and warnings started so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<unknown>): void {
    const done = p.catch((err) => this.logger?.error({ err }, 'safety monitor task failed')).finally(() => this.inflight.delete(done));
    this.inflight.add(done);
  }

  private watch(t: Telemetry): Watched {
    const key = `${t.tenantId}|${t.vin}`;
    let v = this.vehicles.get(key);
    if (!v) {
      const fresh: Watched = { tenantId: t.tenantId, vin: t.vin, plate: t.plate, carry: { open: {}, offSince: null }, chemistry: undefined, faults: new Set(), writing: Promise.resolve() };
      this.vehicles.set(key, (v = fresh));
      this.track(packChemistry(this.db, t.tenantId, t.vin).then((c) => { fresh.chemistry = chemistryOf(c); }));
    }
    v.plate = t.plate || v.plate;
    return v;
  }

  /** The vehicle's day of a frame; a new day sends the old one's delta and loads the new one's row. */
  private dayOf(v: Watched, ts: number): VehicleDay {
    const day = dayOf(ts, this.utcOffsetMin);
    if (v.day?.day === day) return v.day;
    const old = v.day;
    if (old && old.delta.frames > 0) this.pending.push({ tenantId: v.tenantId, vin: v.vin, day: old.day, totals: old.delta });
    const fresh: VehicleDay = { day, stored: null, delta: emptyTotals(), found: new Set() };
    v.day = fresh;
    const first = old === undefined;
    this.track(loadDay(this.db, v.tenantId, v.vin, day).then(({ stored, latest }) => {
      // The vehicle was off before this gateway saw it: it has been off since the earlier time.
      if (first && latest?.offSince != null && v.carry.offSince !== null) v.carry.offSince = Math.min(latest.offSince, v.carry.offSince);
      fresh.stored = stored;
      if (v.day === fresh && fresh.delta.lastTime !== null) this.judge(v, fresh, this.settings.current(), fresh.delta.lastTime);
    }));
    return fresh;
  }

  /** The hidden-danger models on the day's totals; each found danger is raised once a day. */
  private judge(v: Watched, d: VehicleDay, s: SafetySettings, ts: number): void {
    const total = sumTotals(d.stored!, d.delta);
    const find = (code: string, detail: string) => {
      if (d.found.has(code)) return;
      d.found.add(code);
      this.raise(v, { tenantId: v.tenantId, vin: v.vin, plate: v.plate, item: code, itemName: itemName(code), raisedAt: ts, detail });
    };
    if (total.insulationLow >= s['C9.lowPerDay']) find('C9', `C_r=${total.insulationLow}, r_T=${s['C9.ohmPerVolt']} Ω/V`);
    if (total.chargeSamples >= s['C3.minSamples']) {
      const rv = rangeRms(total.chargeRangeSq, total.chargeSamples);
      if (rv >= s['C3.rangeVolts']) find('C3', `r_V=${rv.toFixed(3)} V, N=${total.chargeSamples}`);
    }
    if (total.samplingFaults >= s['C10.framesPerDay']) find('C10', `frames=${total.samplingFaults}, dV_T=${s['C10.deltaVolts']} V`);
    for (const item of MATRIX_ITEMS) {
      const column = matrixColumn(s, item, v.chemistry);
      const day = { episodes: total.episodes[item], longestS: total.longestS[item] };
      if (column && matrixAbnormal(day, column)) find(item, `V=${column.limit}, count=${day.episodes}, longest=${day.longestS}s`);
    }
  }

  private raise(v: Watched, f: Finding): void {
    const next = v.writing.catch(() => undefined).then(() => this.writer.raise(f)).then((written) => { if (written) this.raised++; });
    v.writing = next;
    this.track(next);
  }
}
