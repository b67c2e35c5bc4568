import type { AlarmEvent, Telemetry, VehicleState } from '@wdiov/contracts';
import { condition, type AlarmTracker, type Condition } from './alarm-tracker.ts';
import type { ActiveRule, RulesProvider } from './rules-provider.ts';

const NONE: readonly Condition[] = Object.freeze([]);

/**
 * Runs each vehicle's rules (resolved once per vehicle by the provider) over its frames: the
 * conditions a frame shows, a condition that must last counted from its onset in the frames'
 * own time, and the vehicles that have gone silent by the platform's clock.
 */
export class RuleEvaluator {
  /** Per vehicle, since when (frame time) each condition that must last has held. */
  private readonly onsets = new Map<string, Map<string, number>>();
  /** Per vehicle, its last live snapshot and when the platform received it. */
  private readonly lastSeen = new Map<string, { t: Telemetry; at: number }>();

  constructor(private readonly rules: RulesProvider, private readonly alarms: AlarmTracker) {}

  /** The conditions this live frame shows (a shared empty list when none). */
  conditions(state: VehicleState, now: number): readonly Condition[] {
    const t = state.snapshot;
    const seen = this.lastSeen.get(t.vin);
    if (seen) {
      seen.t = t;
      seen.at = now;
    } else this.lastSeen.set(t.vin, { t, at: now });
    const rules = this.rules.forVehicle(t.tenantId, t.vehicleId);
    let out: Condition[] | undefined;
    for (const r of state.reported) {
      const active = rules.reported.get(r.key);
      if (active) out = this.consider(state, active, out);
    }
    for (const active of rules.frame) out = this.consider(state, active, out);
    return out ?? NONE;
  }

  /** Starts of the silence alarms due at `now`, opened in the tracker (each vehicle's next frame ends them). */
  silent(now: number): AlarmEvent[] {
    const out: AlarmEvent[] = [];
    for (const { t, at } of this.lastSeen.values()) {
      for (const active of this.rules.forVehicle(t.tenantId, t.vehicleId).silence) {
        if (now - at < active.silenceMs) continue;
        const { rule } = active;
        const e = this.alarms.openSilent(t, condition(rule.type, rule.name.zh, active.level, rule.source), at + active.silenceMs);
        if (e) out.push(e);
      }
    }
    return out;
  }

  /** Adds the condition `active` shows in this state to `out`, once it has lasted as long as it must. */
  private consider(state: VehicleState, active: ActiveRule, out: Condition[] | undefined): Condition[] | undefined {
    const t = state.snapshot;
    const { rule } = active;
    const level = rule.evaluate!(state, active.params);
    if (level === false) {
      if (active.holdMs > 0) this.onsets.get(t.vin)?.delete(rule.type);
      return out;
    }
    let c = condition(rule.type, rule.name.zh, level, rule.source);
    // An alarm already open (restored, handed over) goes on: its condition lasted already.
    if (active.holdMs > 0 && !this.alarms.isOpen(t.vin, rule.type)) {
      const onset = this.onsetOf(t.vin, rule.type, t.ts);
      if (t.ts - onset < active.holdMs) return out;
      c = { ...c, since: onset };
    }
    (out ??= []).push(c);
    return out;
  }

  forget(vin: string): void {
    this.onsets.delete(vin);
    this.lastSeen.delete(vin);
  }

  private onsetOf(vin: string, type: string, ts: number): number {
    let byType = this.onsets.get(vin);
    if (!byType) this.onsets.set(vin, (byType = new Map()));
    const onset = byType.get(type);
    if (onset !== undefined) return onset;
    byType.set(type, ts);
    return ts;
  }
}
