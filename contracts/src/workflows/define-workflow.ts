import { z } from 'zod';
import type { AnyEntity, Entity } from '../entity/define-entity.ts';
import type { FieldDef, Label } from '../entity/fields.ts';
import { idString } from '../wire/ids.ts';
import { validationText, type Language } from '../entity/validation-text.ts';

/** A state of a workflow: the value its entity's status field stores (a dictionary key). */
export interface StateDef {
  value: number;
  label: Label;
}

/** What a transition asks of the caller beside the record's id. */
export interface NoteDef {
  /** Body key the text travels in (`reason`, `auditOpinion` …). */
  key: string;
  label: Label;
  required: boolean;
  max?: number;
}

/** What a transition writes on the record besides its state (fields of the entity). */
export interface RecordsDef<K extends string> {
  /** The caller's user id. */
  by?: K;
  /** The time of the transition. */
  at?: K;
  /** The note's text. */
  note?: K;
}

/**
 * A transition fired by a row of another entity rather than by a call on the workflow's own
 * entity: by adding the row (a storage record moves the stock of its vehicle), or by a
 * transition of that row's own workflow (a transfer departing puts its vehicle in transit). The
 * row names the workflow's row by `key` (its workflow entity field equal to `key` of the row).
 */
export interface RecordedByDef {
  entity: AnyEntity;
  /** The row's field naming the record the workflow moves (a vehicle id). */
  key: string;
  /** Only added rows whose field holds this value fire it (a storage record's in / out). */
  when?: { field: string; value: number };
  /** Fired by this transition of the row's own workflow, not by adding the row. */
  transition?: string;
  /** Fields of the added row that cannot change once it moved the state. */
  fixed: readonly string[];
}

export interface TransitionDef<S extends string, K extends string> {
  /**
   * The call firing it: POST `<entity base path>/<call>` with a JSON body `{ id, <note key> }`.
   * Several transitions may share a call (bill audit approves or rejects): the body's status
   * field then names the target state's value. The call `submit` is the entity's own submit:
   * it moves state only when its body carries the target state's value in the status field.
   */
  call: string;
  /** Fired by adding a row of another entity: `call` then names that entity and is no call of this one. */
  recordedBy?: RecordedByDef;
  from: readonly S[];
  to: S;
  /** Button code suffix on the entity's screen (`<menu code>_<button>`); the server gates the call by it. */
  button: string;
  /** Name of the button where several transitions share it (bill's 审核); else the label. */
  buttonLabel?: Label;
  label: Label;
  /** Asked before the call is made (absent: no confirmation). */
  confirm?: Label;
  note?: NoteDef;
  records?: RecordsDef<K>;
  /** Fields of the entity the caller supplies with the transition (a sale's customer and price), checked as an update. */
  fields?: readonly K[];
  /** PrimeIcons class of the console's action. */
  icon?: string;
  severity?: 'success' | 'danger' | 'warning' | 'info';
}

export interface WorkflowConfig<F extends Record<string, FieldDef>, S extends string, T extends string> {
  /** The entity whose rows move through the workflow (the definition object itself). */
  entity: Entity<F>;
  /** The entity's field holding the state value. */
  statusField: keyof F & string;
  states: Record<S, StateDef>;
  /** State of a new row (the status field's default). */
  initial: S;
  /** States in which the row may still be edited through submit (absent: any). */
  editableIn?: readonly S[];
  transitions: Record<T, TransitionDef<S, keyof F & string>>;
}

export interface Workflow<F extends Record<string, FieldDef> = Record<string, FieldDef>, S extends string = string, T extends string = string>
  extends WorkflowConfig<F, S, T> {
  /** State name by stored value. */
  stateOf(value: unknown): S | undefined;
  /** Transitions fired by one call, by name. */
  byCall(call: string): [T, TransitionDef<S, keyof F & string>][];
  /** Distinct calls of the workflow, in definition order (not the transitions other entities' rows fire). */
  calls: string[];
  /** Transitions fired by rows of other entities (added, or moved by their own workflow), by name. */
  recorded: [T, TransitionDef<S, keyof F & string>][];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds workflows of every entity shape
export type AnyWorkflow = Workflow<any, string, string>;

export function defineWorkflow<F extends Record<string, FieldDef>, S extends string, T extends string>(
  config: WorkflowConfig<F, S, T>,
): Workflow<F, S, T> {
  const states = Object.entries(config.states) as [S, StateDef][];
  if (new Set(states.map(([, s]) => s.value)).size !== states.length) throw new Error(`${config.entity.name}: two states share a value`);
  const field = config.entity.fields[config.statusField];
  if (!field) throw new Error(`${config.entity.name}: no status field ${config.statusField}`);
  if (field.default !== config.states[config.initial].value) throw new Error(`${config.entity.name}: initial state is not the status default`);
  const transitions = Object.entries(config.transitions) as [T, TransitionDef<S, keyof F & string>][];
  for (const [name, t] of transitions) {
    for (const k of [...Object.values(t.records ?? {}), ...(t.fields ?? [])]) {
      if (!config.entity.fields[k as string]) throw new Error(`${config.entity.name}.${name} records unknown field ${String(k)}`);
    }
  }
  const calls = [...new Set(transitions.filter(([, t]) => !t.recordedBy).map(([, t]) => t.call))];
  // A call with several transitions names the one it fires by its target state: targets must differ.
  for (const call of calls) {
    const targets = transitions.filter(([, t]) => t.call === call && !t.recordedBy).map(([, t]) => t.to);
    if (targets.length > 1 && new Set(targets).size !== targets.length) throw new Error(`${config.entity.name}.${call}: two transitions share a target state`);
  }
  return {
    ...config,
    calls,
    recorded: transitions.filter(([, t]) => t.recordedBy),
    stateOf: (value) => states.find(([, s]) => s.value === Number(value))?.[0],
    byCall: (call) => transitions.filter(([, t]) => t.call === call && !t.recordedBy),
  };
}

/**
 * The body of a transition call: the record's id, the target state's value where the call has
 * several outcomes, and the notes its transitions take (each checked by the chosen transition),
 * with its messages in `language` (Chinese by default).
 */
export function transitionBodySchema(workflow: AnyWorkflow, call: string, language: Language = 'zh') {
  const shape: Record<string, z.ZodType> = { id: idString };
  const chosen = workflow.byCall(call);
  if (chosen.length > 1 || call === 'submit') {
    const values = chosen.map(([, t]) => workflow.states[t.to]!.value);
    shape[workflow.statusField] = z.coerce.number().int().refine((v) => values.includes(v), { error: validationText('oneOf', { label: workflow.entity.fields[workflow.statusField]!.label[language], values: values.join('/') }, language) });
  }
  for (const [, t] of chosen) {
    if (t.note && !shape[t.note.key]) shape[t.note.key] = z.string().trim().max(t.note.max ?? 255).optional();
    // Checked against the entity's own update schema by the gateway, once the transition is chosen.
    for (const k of t.fields ?? []) shape[k] ??= z.unknown().optional();
  }
  return z.object(shape);
}

/** The transition a checked body chooses: the only one of its call, or the one its target value names. */
export function chosenTransition(workflow: AnyWorkflow, call: string, body: Record<string, unknown>) {
  const chosen = workflow.byCall(call);
  if (chosen.length === 1 && call !== 'submit') return chosen[0]!;
  return chosen.find(([, t]) => workflow.states[t.to]!.value === Number(body[workflow.statusField]));
}

/** The missing-note message of a transition in `language`, or undefined when its note is given or optional. */
export function missingNote(t: { note?: NoteDef }, body: Record<string, unknown>, language: Language = 'zh'): string | undefined {
  if (!t.note?.required) return undefined;
  const v = body[t.note.key];
  return typeof v === 'string' && v.trim() !== '' ? undefined : `${validationText('required', { label: t.note.label[language] }, language)} [${t.note.key}]`;
}

/** One audit-trail row as the gateway answers it. */
export const trailEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  fromState: z.number(),
  toState: z.number(),
  remark: z.string().nullable(),
  userId: z.string(),
  userName: z.string(),
  createTime: z.string(),
});
export type TrailEntry = z.infer<typeof trailEntrySchema>;
