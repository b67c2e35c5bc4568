import type { Logger } from 'pino';
import {
  HIDDEN_DANGER_ITEMS, SAFETY_RULES, chemistryOf, dutyAbnormal, matrixAbnormal, rangeRms, type SafetySettings, type Telemetry,
} from '@wdiov/contracts';
import type { AlarmData, Edition, RealtimeItem } from '@wdiov/contracts/protocol/index';
import type { Db } from '../db/client.ts';
import { reportedState } from '../ingest/alarm-adapter.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';
import { dayOf } from '../stats/day-figures.ts';
import { DUTY_ITEMS, MATRIX_ITEMS, addFrame, emptyTotals, matrixColumns, sumTotals, type DayTotals, type VehicleCarry } from './day-totals.ts';
import { CoalescingLoader } from '../db/coalescing-loader.ts';
import {
  addDays, dayKeyId, loadDays, packChemistries, vehicleKeyId, type DayDelta, type DayKey, type LoadedDay, type VehicleKey,
} from './day-store.ts';
import { emptyReadings, readingsOf } from './frame-readings.ts';
import type { SafetySettingsSource } from './settings-source.ts';
import type { Finding, WarningWriter } from './warning-writer.ts';

const DAY_MS = 86_400_000;

/** How often the day deltas go to wdiov_safety_daily. */
export const SAFETY_FLUSH_MS = 5_000;

interface VehicleDay {
  day: string;
  /** The day's bounds, ms: a frame inside them needs no date arithmetic. */
  fromMs: number;
  toMs: number;
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
 * matrices, C.3 range, C.6–C.8 temperature duty of the day's run segment, C.9 insulation, C.10
 * sampling); the totals go to wdiov_safety_daily every
 * few seconds. Reissued frames are stored history, not live: they are left out, as the alarm
 * engine leaves them out.
 */
export class SafetyMonitor implements IngestSink {
  // C.3 and C.10 judge whole cell lists (2025 frames carry no extremes but the lists): they are
  // read in place from the frame's bytes, so the ingest need not decode them (readsCells unset).
  /** By tenant, then VIN: looked up on every frame without building a key. */
  private readonly vehicles = new Map<string, Map<string, Watched>>();
  /** The one readings object, filled anew for each frame and used before the next. */
  private readonly readings = emptyReadings();
  private pending: DayDelta[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly paramsBySettings = new WeakMap<SafetySettings, unknown[]>();
  private timer?: NodeJS.Timeout;
  // The first frames of a fleet (a restart, the morning) ask for thousands of rows at once: in batches.
  private readonly days: CoalescingLoader<DayKey, LoadedDay>;
  private readonly chemistries: CoalescingLoader<VehicleKey, string | undefined>;
  raised = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: SafetySettingsSource,
    private readonly writer: WarningWriter,
    private readonly utcOffsetMin: number,
    private readonly logger?: Logger,
  ) {
    this.days = new CoalescingLoader(dayKeyId, (keys) => loadDays(db, keys), { stored: emptyTotals(), latest: undefined });
    this.chemistries = new CoalescingLoader(vehicleKeyId, (keys) => packChemistries(db, keys), undefined);
  }

  start(flushMs = SAFETY_FLUSH_MS): void {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  telemetry(t: Telemetry, alarm: AlarmData | undefined, edition: Edition, items?: readonly RealtimeItem[]): void {
    if (t.reissue) return;
    const s = this.settings.current();
    const v = this.watch(t);
    // Most frames report no alarm flag, and none was on before: no fault item can change.
    if ((alarm && alarm.flags !== 0) || v.faults.size > 0) this.faultItems(v, s, reportedState(t, alarm, edition), t.ts);
    const day = this.dayOf(v, t.ts);
    addFrame(day.delta, v.carry, readingsOf(t, items, this.readings), s, v.chemistry);
    if (day.stored) this.judge(v, day, s, t.ts);
  }

  raw(): void {}

  /** F1…F12: a warning when an item's flag comes on. */
  private faultItems(v: Watched, s: SafetySettings, state: ReturnType<typeof reportedState>, ts: number): void {
    const params = this.faultParams(s);
    for (const [i, { rule, code }] of FAULT_RULES.entries()) {
      const level = rule.evaluate!(state, params[i]);
      if (level === false) v.faults.delete(code);
      else if (!v.faults.has(code)) {
        v.faults.add(code);
        this.raise(v, { tenantId: v.tenantId, vin: v.vin, plate: v.plate, item: code, itemName: rule.name.zh, level, raisedAt: ts, detail: `flag ${rule.reports}` });
      }
    }
  }

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
    for (const v of this.watched()) {
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

  private *watched(): Iterable<Watched> {
    for (const byVin of this.vehicles.values()) yield* byVin.values();
  }

  private watch(t: Telemetry): Watched {
    let byVin = this.vehicles.get(t.tenantId);
    if (!byVin) this.vehicles.set(t.tenantId, (byVin = new Map()));
    let v = byVin.get(t.vin);
    if (!v) {
      const fresh: Watched = { tenantId: t.tenantId, vin: t.vin, plate: t.plate, carry: { open: {}, offSince: null, lastRunTs: null }, chemistry: undefined, faults: new Set(), writing: Promise.resolve() };
      byVin.set(t.vin, (v = fresh));
      this.track(this.chemistries.load({ tenantId: t.tenantId, vin: t.vin }).then((c) => { fresh.chemistry = chemistryOf(c); }));
    }
    v.plate = t.plate || v.plate;
    return v;
  }

  /** The vehicle's day of a frame; a new day sends the old one's delta and loads the new one's row. */
  private dayOf(v: Watched, ts: number): VehicleDay {
    if (v.day && ts >= v.day.fromMs && ts < v.day.toMs) return v.day;
    const day = dayOf(ts, this.utcOffsetMin);
    if (v.day?.day === day) return v.day;
    const old = v.day;
    if (old && old.delta.frames > 0) this.pending.push({ tenantId: v.tenantId, vin: v.vin, day: old.day, totals: old.delta });
    const offsetMs = this.utcOffsetMin * 60_000;
    const fromMs = Math.floor((ts + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
    const fresh: VehicleDay = { day, fromMs, toMs: fromMs + DAY_MS, stored: null, delta: emptyTotals(), found: new Set() };
    v.day = fresh;
    const first = old === undefined;
    this.track(this.days.load({ tenantId: v.tenantId, vin: v.vin, day }).then(({ stored, latest }) => {
      // The vehicle was off before this gateway saw it: it has been off since the earlier time.
      if (first && latest?.offSince != null && v.carry.offSince !== null) v.carry.offSince = Math.min(latest.offSince, v.carry.offSince);
      fresh.stored = stored;
      if (v.day === fresh && fresh.delta.lastTime !== null) this.judge(v, fresh, this.settings.current(), fresh.delta.lastTime);
    }));
    return fresh;
  }

  /**
   * The hidden-danger models on the day's totals (as stored plus this gateway's delta, read in
   * place: this runs on every frame); each found danger is raised once a day.
   */
  private judge(v: Watched, d: VehicleDay, s: SafetySettings, ts: number): void {
    const a = d.stored!;
    const b = d.delta;
    const find = (code: string, detail: string) => {
      if (d.found.has(code)) return;
      d.found.add(code);
      this.raise(v, { tenantId: v.tenantId, vin: v.vin, plate: v.plate, item: code, itemName: itemName(code), raisedAt: ts, detail });
    };
    const insulationLow = a.insulationLow + b.insulationLow;
    if (insulationLow >= s['C9.lowPerDay']) find('C9', `C_r=${insulationLow}, r_T=${s['C9.ohmPerVolt']} Ω/V`);
    const chargeSamples = a.chargeSamples + b.chargeSamples;
    if (chargeSamples >= s['C3.minSamples']) {
      const rv = rangeRms(a.chargeRangeSq + b.chargeRangeSq, chargeSamples);
      if (rv >= s['C3.rangeVolts']) find('C3', `r_V=${rv.toFixed(3)} V, N=${chargeSamples}`);
    }
    const samplingFaults = a.samplingFaults + b.samplingFaults;
    if (samplingFaults >= s['C10.framesPerDay']) find('C10', `frames=${samplingFaults}, dV_T=${s['C10.deltaVolts']} V`);
    const columns = matrixColumns(s, v.chemistry);
    for (let i = 0; i < MATRIX_ITEMS.length; i++) {
      const item = MATRIX_ITEMS[i]!;
      const column = columns[i];
      if (!column) continue;
      const day = { episodes: a.episodes[item] + b.episodes[item], longestS: Math.max(a.longestS[item], b.longestS[item]) };
      if (matrixAbnormal(day, column)) find(item, `V=${column.limit}, count=${day.episodes}, longest=${day.longestS}s`);
    }
    const minSeconds = s['run.minMinutes'] * 60;
    for (const item of DUTY_ITEMS) {
      const read = a.dutyReadS[item] + b.dutyReadS[item];
      const hot = a.dutyHotS[item] + b.dutyHotS[item];
      if (dutyAbnormal(hot, read, s[`${item}.percent`], minSeconds)) {
        find(item, `ε=${((hot / read) * 100).toFixed(1)}% > ${s[`${item}.percent`]}%, T0=${s[`${item}.limitC`]} °C, L=${Math.round(read)}s`);
      }
    }
  }

  private raise(v: Watched, f: Finding): void {
    const next = v.writing.catch(() => undefined).then(() => this.writer.raise(f)).then((written) => { if (written) this.raised++; });
    v.writing = next;
    this.track(next);
  }
}
