import { inArray } from 'drizzle-orm';
import { entities, workflowList, type AnyWorkflow } from '@wdiov/contracts';
import { fixedOnceRecorded, placedByMovesOnly } from './stock-moves.ts';
import { billAmount } from '@wdiov/contracts/entities/vehteam/bill';
import type { Prepare } from '../crud/behaviours.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { workflowText } from '../lib/texts/workflow-text.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { nextMaintenance } from './maintenance-due.ts';

const stateLabel = (workflow: AnyWorkflow, value: unknown) => {
  const state = workflow.stateOf(value);
  return state ? workflow.states[state]!.label : { zh: String(value), en: String(value) };
};

/**
 * An update through submit (and a screen's own edits) is refused once the record left the states
 * it may be edited in: checked on the stored row for a clear answer, and again in the UPDATE
 * itself, so an edit racing a transition (a transfer departing) either lands before it or is
 * refused naming the state the transition left.
 */
const editableOnly = (workflow: AnyWorkflow): Prepare => async (values, { repo, principal, mode, id, guard }) => {
  if (mode === 'add' || (!workflow.editableIn && values[workflow.statusField] === undefined)) return values;
  const stored = await repo.findRow(principal, id);
  const label = workflow.entity.title;
  const refusal = (row: Record<string, unknown> | undefined) =>
    row ? badRequest(workflowText('cannotEdit', { label, state: stateLabel(workflow, row[workflow.statusField]) })) : notFound(crudText('missing', { label, id }));
  if (stored && values[workflow.statusField] !== undefined && Number(values[workflow.statusField]) !== Number(stored[workflow.statusField])) {
    throw badRequest(`${workflowText('statusByTransition', { label: workflow.entity.fields[workflow.statusField]!.label })} [${workflow.statusField}]`);
  }
  if (!workflow.editableIn) return values;
  const state = stored ? workflow.stateOf(stored[workflow.statusField]) : undefined;
  if (stored && (!state || !workflow.editableIn.includes(state))) throw refusal(stored);
  const editable = workflow.editableIn.map((s) => workflow.states[s]!.value);
  guard?.(inArray(repo.columns[workflow.statusField]!, editable), async () => refusal(await repo.findRow(principal, id)));
  return values;
};

/** A bill's amount follows its quantity and unit price on every save (the stored ones where an update leaves them out). */
const billAmountOf: Prepare = async (values, { repo, principal, mode, id }) => {
  if (mode === 'update' && values.quantity === undefined && values.unitPrice === undefined) return values;
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const amount = billAmount(values.quantity ?? stored?.quantity, values.unitPrice ?? stored?.unitPrice);
  return { ...values, amount: amount ?? null };
};

const chain = (...steps: Prepare[]): Prepare => async (values, ctx) => {
  let out = values;
  for (const step of steps) out = await step(out, ctx);
  return out;
};

/** Preparations of entities beside their workflow checks (computed amounts, due dates). */
const extra: Record<string, Prepare[]> = {
  bill: [billAmountOf], maintainRecord: [nextMaintenance],
  storageRecord: [fixedOnceRecorded(entities.storageRecord)], movementRecord: [fixedOnceRecorded(entities.movementRecord)],
  logisticsRecord: [fixedOnceRecorded(entities.logisticsRecord)],
  vehiclePm: [placedByMovesOnly],
};

/** Preparations of the workflow entities' (and computed fields') submits, after the generic ones of the same entity. */
export function workflowBehaviours(base: Record<string, Prepare>): Record<string, Prepare> {
  const out = { ...base };
  const names = new Set([...workflowList.map((w) => w.entity.name), ...Object.keys(extra)]);
  for (const name of names) {
    const workflow = workflowList.find((w) => w.entity.name === name);
    out[name] = chain(...(base[name] ? [base[name]] : []), ...(workflow ? [editableOnly(workflow)] : []), ...(extra[name] ?? []));
  }
  return out;
}
