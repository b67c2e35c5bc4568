import type { AnyWorkflow, TransitionDef, TrailEntry } from '@wdiov/contracts/workflows/index';
import type { HttpClient } from '../api/http';
import type { ButtonSet } from '../crud/buttons';
import type { Row } from '../crud/crud-api';
import { dataOf } from '../crud/crud-api';

export type Transition = TransitionDef<string, string>;

/**
 * The transitions a row's state allows and the user's buttons grant, in definition order; not
 * those another entity's new rows fire (a storage record moves a stock: no button on the stock).
 */
export function availableTransitions(workflow: AnyWorkflow, row: Row, buttons: ButtonSet): [string, Transition][] {
  const state = workflow.stateOf(row[workflow.statusField]);
  if (!state) return [];
  const granted = (button: string) => (['add', 'edit', 'delete', 'view'].includes(button) ? buttons[button as 'add'] : buttons.has(button));
  return (Object.entries(workflow.transitions) as [string, Transition][]).filter(([, t]) => !t.recordedBy && t.from.includes(state) && granted(t.button));
}

/** The body of a transition call: the id, the target state where the call has several outcomes, the fields it takes, the note. */
export function transitionBody(workflow: AnyWorkflow, t: Transition, id: string, note?: string, values: Row = {}): Row {
  const body: Row = { ...values, id };
  if (t.call === 'submit' || workflow.byCall(t.call).length > 1) body[workflow.statusField] = workflow.states[t.to]!.value;
  if (t.note && note !== undefined && note.trim() !== '') body[t.note.key] = note.trim();
  return body;
}

export function createWorkflowApi(http: HttpClient, workflow: AnyWorkflow) {
  const base = workflow.entity.basePath;
  return {
    fire: (t: Transition, id: string, note?: string, values?: Row) => http.post(`${base}/${t.call}`, transitionBody(workflow, t, id, note, values)),
    trail: async (id: string) => ((dataOf(await http.get(`${base}/trail`, { id })) ?? []) as TrailEntry[]),
  };
}

/** Whether the row is still in a state it may be edited in (the gateway refuses the edit otherwise). */
export function isEditable(workflow: AnyWorkflow | undefined, row: Row): boolean {
  const state = workflow?.stateOf(row[workflow.statusField]);
  return !workflow?.editableIn || !state || workflow.editableIn.includes(state);
}

/** The row's buttons: editing is hidden once the record left the states it may be edited in. */
export function rowButtons(workflow: AnyWorkflow, row: Row, buttons: ButtonSet): ButtonSet {
  return isEditable(workflow, row) ? buttons : { ...buttons, edit: false };
}
