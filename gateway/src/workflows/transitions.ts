import { and, asc, eq } from 'drizzle-orm';
import type { AnyWorkflow, TransitionDef } from '@wdiov/contracts';
import { chosenTransition, formatDateTime, missingNote } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { workflowTrail } from '../db/schema/workflows.ts';
import type { Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { allOf } from '../crud/filters.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { nextId } from '../lib/ids.ts';

export interface TransitionDeps {
  db: Db;
  repos: Repositories;
  utcOffsetMin: number;
}

export interface Fired {
  action: string;
  from: number;
  to: number;
}

/**
 * Fires the transition a checked call body chooses, in one transaction: the row is locked, its
 * state checked against the transition's sources (a wrong state is a 400 naming both states and
 * changes nothing), then the new state, what the transition records and the trail row are
 * written together. Two concurrent calls on one row queue on the lock: the second sees the
 * first's state, so both cannot win.
 */
export async function fireTransition(deps: TransitionDeps, workflow: AnyWorkflow, call: string, principal: Principal, body: Record<string, unknown>): Promise<Fired> {
  const chosen = chosenTransition(workflow, call, body);
  if (!chosen) throw badRequest(`${workflow.entity.title.zh}: 无效的目标状态 [${workflow.statusField}]`);
  const [action, t] = chosen as [string, TransitionDef<string, string>];
  const missing = missingNote(t, body);
  if (missing) throw badRequest(missing);
  const note = t.note ? (body[t.note.key] as string | undefined)?.trim() || null : null;
  const repo = deps.repos.get(workflow.entity.name);
  const c = repo.columns;
  const status = c[workflow.statusField]!;
  const id = String(body.id);
  const title = workflow.entity.title.zh;
  const scope = await repo.scope(principal, true);
  const fired = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ status }).from(repo.table).where(allOf([scope, eq(c.id!, id)])).for('update');
    if (!row) throw notFound(`${title}不存在: ${id}`);
    const from = workflow.stateOf(row.status);
    if (!from || !t.from.includes(from)) {
      const now = from ? workflow.states[from]!.label.zh : String(row.status);
      throw badRequest(`${title}当前状态为「${now}」, 不能${t.label.zh}`);
    }
    const now = new Date();
    const set: Record<string, unknown> = { [workflow.statusField]: workflow.states[t.to]!.value };
    if (t.records?.by) set[t.records.by] = principal.userId;
    if (t.records?.at) set[t.records.at] = now;
    if (t.records?.note) set[t.records.note] = note;
    if (c.updateUser) Object.assign(set, { updateUser: principal.userId, updateTime: now });
    await tx.update(repo.table).set(set).where(and(eq(c.id!, id), eq(status, row.status)));
    const entry = {
      id: nextId(), tenantId: principal.tenantId, entity: workflow.entity.name, recordId: id, action,
      fromState: Number(row.status), toState: workflow.states[t.to]!.value, remark: note,
      userId: principal.userId, userName: principal.account, createTime: now,
    };
    await tx.insert(workflowTrail).values(entry);
    return { action, from: entry.fromState, to: entry.toState };
  });
  repo.written(principal);
  return fired;
}

/** The trail of one record the caller may see, oldest first (empty when the record is not visible). */
export async function trailOf(deps: TransitionDeps, workflow: AnyWorkflow, principal: Principal, id: string) {
  const repo = deps.repos.get(workflow.entity.name);
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
