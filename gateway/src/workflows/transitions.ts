import { and, asc, eq } from 'drizzle-orm';
import type { AnyWorkflow, TransitionDef } from '@wdiov/contracts';
import { chosenTransition, formatDateTime, missingNote } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { workflowTrail } from '../db/schema/workflows.ts';
import type { Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { allOf } from '../crud/filters.ts';
import { badRequest, forbidden, notFound } from '../lib/api-error.ts';
import { workflowText } from '../lib/texts/workflow-text.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { authText } from '../lib/texts/auth-text.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { nextId } from '../lib/ids.ts';
import { parseWith } from '../lib/read-input.ts';

/** The transaction handle of `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One state change as it happens, for what a workflow writes beside its row (the operate stream). */
export interface Move {
  workflow: AnyWorkflow;
  action: string;
  transition: TransitionDef<string, string>;
  principal: Principal;
  /** The moved row as it is after the move. */
  row: Record<string, unknown>;
  note: string | null;
  now: Date;
}

/** A move another workflow's transition fires: run in its transaction, told once that committed (caches drop then). */
export interface FollowingMove {
  run: (tx: Tx, row: Record<string, unknown>) => Promise<void>;
  committed: () => void;
}

export interface TransitionDeps {
  db: Db;
  repos: Repositories;
  utcOffsetMin: number;
  /**
   * Whether the caller holds the button a transition names on the path it calls. The access
   * policy has let the call through on any button of its path; transitions sharing the entity's
   * submit (a transfer departing) are told apart from a plain add by their own button here.
   */
  holdsButton?: (principal: Principal, path: string, button: string) => Promise<boolean>;
  /** Written in the move's transaction, after the row and its trail. */
  onMove?: (tx: Tx, move: Move) => Promise<void>;
  /**
   * A rule every move answers to beside its source states (a vehicle a transfer holds moves by
   * that transfer only), checked first in the move's transaction, on the row as stored with the
   * fields the transition takes from the caller.
   */
  admits?: (tx: Tx, move: Omit<Move, 'note' | 'now'>) => Promise<void>;
  /**
   * The move of another workflow's row a transition fires (a transfer departing ships its
   * vehicle), prepared before the transaction for the caller and run in it with the moved row.
   */
  follow?: (principal: Principal, workflow: AnyWorkflow, action: string) => Promise<FollowingMove | undefined>;
}

export interface Fired {
  action: string;
  from: number;
  to: number;
}

type Chosen = [string, TransitionDef<string, string>];

/** The state value a transition leaves, and what it records (caller, time, note), as columns. */
function movedValues(deps: TransitionDeps, workflow: AnyWorkflow, t: TransitionDef<string, string>, principal: Principal, note: string | null, now: Date) {
  const set: Record<string, unknown> = { [workflow.statusField]: workflow.states[t.to]!.value };
  if (t.records?.by) set[t.records.by] = principal.userId;
  // A date field records the day in the console's zone, a time field the instant.
  if (t.records?.at) set[t.records.at] = workflow.entity.fields[t.records.at]!.kind === 'date' ? formatDateTime(now, deps.utcOffsetMin).slice(0, 10) : now;
  if (t.records?.note) set[t.records.note] = note;
  return set;
}

/**
 * The core of every move, inside the caller's transaction and after it locked the row: the
 * move's own rule (deps.admits) and the state checked against the transition's sources (a
 * wrong state is a 400 naming both states),
 * then `write` stores the row with its new values, and the trail row and the workflow's
 * own writes (onMove) follow in the same transaction.
 */
export async function applyTransition(
  tx: Tx, deps: TransitionDeps, workflow: AnyWorkflow, [action, t]: Chosen, principal: Principal,
  target: { id: string; status: number; row: Record<string, unknown> }, values: Record<string, unknown>, note: string | null,
  write: (set: Record<string, unknown>) => Promise<void>,
): Promise<Fired> {
  await deps.admits?.(tx, { workflow, action, transition: t, principal, row: { ...target.row, ...values } });
  const from = workflow.stateOf(target.status);
  if (!from || !t.from.includes(from)) {
    const state = from ? workflow.states[from]!.label : { zh: String(target.status), en: String(target.status) };
    throw badRequest(workflowText('cannotMove', { label: workflow.entity.title, state, action: t.label }));
  }
  const now = new Date();
  const set = { ...values, ...movedValues(deps, workflow, t, principal, note, now) };
  await write(set);
  const entry = {
    id: nextId(), tenantId: principal.tenantId, entity: workflow.entity.name, recordId: target.id, action,
    fromState: target.status, toState: workflow.states[t.to]!.value, remark: note,
    userId: principal.userId, userName: principal.account, createTime: now,
  };
  await tx.insert(workflowTrail).values(entry);
  await deps.onMove?.(tx, { workflow, action, transition: t, principal, row: { ...target.row, ...set }, note, now });
  return { action, from: entry.fromState, to: entry.toState };
}

/** The transition's note from a checked body (a missing required one is a 400). */
export function noteOf(t: TransitionDef<string, string>, body: Record<string, unknown>): string | null {
  const missing = missingNote(t, body, requestLanguage());
  if (missing) throw badRequest(missing);
  return t.note ? (body[t.note.key] as string | undefined)?.trim() || null : null;
}

/**
 * Fires the transition a checked call body chooses, in one transaction: the row is locked, its
 * state checked, then the new state, what the transition records and the trail row are written
 * together. Two concurrent calls on one row queue on the lock: the second sees the first's
 * state, so both cannot win. Fields the transition takes from the caller are checked as an
 * update of the entity would check them, before the transaction. A move of another workflow's
 * row the transition fires (deps.follow) happens in the same transaction: refused, it undoes all.
 */
export async function fireTransition(deps: TransitionDeps, workflow: AnyWorkflow, call: string, principal: Principal, body: Record<string, unknown>): Promise<Fired> {
  const chosen = chosenTransition(workflow, call, body) as Chosen | undefined;
  if (!chosen) throw badRequest(`${workflowText('badTarget', { label: workflow.entity.title })} [${workflow.statusField}]`);
  const [, t] = chosen;
  if (deps.holdsButton && !(await deps.holdsButton(principal, `${workflow.entity.basePath}/${t.call}`, t.button))) throw forbidden(authText('noButtonGrant'));
  const note = noteOf(t, body);
  const repo = deps.repos.of(workflow.entity);
  const c = repo.columns;
  const status = c[workflow.statusField]!;
  const id = String(body.id);
  const scope = await repo.scope(principal, true);
  let values: Record<string, unknown> = {};
  if (t.fields?.length) {
    const checked = parseWith(workflow.entity.submitSchema.update, body) as Record<string, unknown>;
    const given = Object.fromEntries(t.fields.filter((k) => checked[k] !== undefined).map((k) => [k, checked[k]]));
    values = await repo.checkedUpdate(principal, id, given);
  }
  const follow = await deps.follow?.(principal, workflow, chosen[0]);
  let moved: { before: Record<string, unknown>; after: Record<string, unknown> } | undefined;
  const fired = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(repo.table).where(allOf([scope, eq(c.id!, id)])).for('update');
    if (!row) throw notFound(crudText('missing', { label: workflow.entity.title, id }));
    const stored = row as Record<string, unknown>;
    return applyTransition(tx, deps, workflow, chosen, principal, { id, status: Number(stored[workflow.statusField]), row: stored }, values, note, async (set) => {
      if (c.updateUser) Object.assign(set, { updateUser: principal.userId, updateTime: new Date() });
      await tx.update(repo.table).set(set).where(and(eq(c.id!, id), eq(status, stored[workflow.statusField])));
      moved = { before: stored, after: set };
      await follow?.run(tx, { ...stored, ...set });
    });
  });
  repo.written(principal);
  if (moved) repo.record({ principal, action: t.call, id, ...moved });
  follow?.committed();
  return fired;
}

/** The trail of one record the caller may see, oldest first (empty when the record is not visible). */
export async function trailOf(deps: TransitionDeps, workflow: AnyWorkflow, principal: Principal, id: string) {
  const repo = deps.repos.of(workflow.entity);
  if (!(await repo.findRow(principal, id))) return undefined;
  const w = workflowTrail;
  const rows = await deps.db.select().from(w)
    .where(and(eq(w.tenantId, principal.tenantId), eq(w.entity, workflow.entity.name), eq(w.recordId, id)))
    .orderBy(asc(w.createTime), asc(w.id));
  return rows.map((r) => ({
    id: r.id, action: r.action, fromState: r.fromState, toState: r.toState, remark: r.remark,
    userId: r.userId, userName: r.userName, createTime: formatDateTime(r.createTime, deps.utcOffsetMin),
  }));
}
