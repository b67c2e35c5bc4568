import { z } from 'zod';
import type { FieldDef, Label } from '../entity/fields.ts';
import type { Telemetry } from '../nats/payloads.ts';

/** A condition the vehicle reports itself (a GB/T 32960 general alarm flag, later a JT/T 808 alarm bit), by key. */
export interface ReportedAlarm {
  readonly key: string;
  /** The level the vehicle gives this alarm, when it gives one. */
  readonly level?: number;
}

/**
 * One frame of a vehicle as the rules see it, whatever protocol carried it: the normalised
 * snapshot and the conditions the vehicle reports. Protocol adapters build it; rules never see
 * a frame type.
 */
export interface VehicleState {
  readonly snapshot: Telemetry;
  readonly reported: readonly ReportedAlarm[];
  /** The highest level the vehicle reports for the frame, for reported alarms without their own. */
  readonly reportedLevel?: number;
}

export type AlarmSource = 'gbt32960' | 'platform';

/**
 * How a rule is evaluated: `frame` on every live frame (`evaluate`), `silence` by the time a
 * vehicle has sent nothing (`silenceMs`), `fence` by the fence watch against each fence's shape,
 * `safety` by the GB/T 45688 safety monitor on every live frame into safety warnings (never an
 * alarm of the alarm engine).
 */
export type AlarmRuleKind = 'frame' | 'silence' | 'fence' | 'safety';

export interface AlarmRuleDefinition<P> {
  /** The code stored in vehicleAlarmData.alarmType and keyed by alarmHandleConfig and handling teams. */
  type: string;
  name: Label;
  /** The level when the vehicle or the configuration gives none. */
  level: number;
  source: AlarmSource;
  kind: AlarmRuleKind;
  /**
   * Parameters read from the organisation's alarm configuration row; a row that does not parse
   * (its threshold left empty) turns the rule off for the vehicles it governs. Rules that need
   * no configuration take every row, or none.
   */
  params: z.ZodType<P, unknown>;
  /** Whether the rule runs for a vehicle no alarm configuration governs (the vehicle's own alarms do). */
  unconfigured?: boolean;
  /** alarmConfig fields the rule's parameters come from (the alarmConfig form shows them). */
  fields?: Record<string, FieldDef>;
  /**
   * `frame` rules that follow a condition the vehicle reports: its key. Such a rule is evaluated
   * only on the frames that report the key (most frames report nothing).
   */
  reports?: string;
  /** `frame` rules: the level of the alarm this state shows, or false. */
  evaluate?(state: VehicleState, params: P): number | false;
  /** `frame` rules: how long the condition must last before the alarm opens (0: at once). */
  holdMs?(params: P): number;
  /** The level the parameters give the rule's alarms (else `level`); `frame` rules give theirs by evaluating. */
  levelOf?(params: P): number;
  /** `silence` rules: how long a vehicle may send nothing before the alarm opens. */
  silenceMs?(params: P): number;
}

export interface AlarmRule<P = unknown> extends Readonly<AlarmRuleDefinition<P>> {
  /** The rule's parameters from a configuration row, or undefined when the row turns it off. */
  paramsOf(row: Record<string, unknown> | undefined): P | undefined;
}

/** One alarm rule: what it is called, how bad it is, what it is configured with and when it holds. */
export function defineAlarmRule<P>(definition: AlarmRuleDefinition<P>): AlarmRule<P> {
  if ((definition.kind === 'frame' || definition.kind === 'safety') && !definition.evaluate) throw new Error(`alarm rule ${definition.type}: a ${definition.kind} rule evaluates`);
  if (definition.kind === 'silence' && !definition.silenceMs) throw new Error(`alarm rule ${definition.type}: a silence rule says how long`);
  return Object.freeze({
    ...definition,
    paramsOf(row: Record<string, unknown> | undefined): P | undefined {
      if (!row) return definition.unconfigured ? definition.params.parse({}) : undefined;
      const parsed = definition.params.safeParse(row);
      return parsed.success ? parsed.data : undefined;
    },
  });
}

/** A configured number: empty (null, '', absent) is no value, so the rule it belongs to is off. */
export const configured = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), schema);

/** The level the configuration row gives its platform alarms (1–4), else the rule's own. */
export const configuredLevel = (fallback: number) =>
  z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), z.number().int().min(1).max(4).default(fallback));

/** A configured number that may be left empty: then `fallback`. */
export const configuredOr = (schema: z.ZodNumber, fallback: number) =>
  z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), schema.default(fallback));

/** A reading of the snapshot as a number, or undefined when it is missing, invalid or abnormal. */
export const reading = (v: Telemetry[keyof Telemetry]): number | undefined => (typeof v === 'number' ? v : undefined);
