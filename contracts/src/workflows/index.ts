import type { AnyEntity } from '../entity/define-entity.ts';
import type { AnyWorkflow, TransitionDef } from './define-workflow.ts';
import { billWorkflow } from './bill.workflow.ts';
import { dispatchWorkflow } from './dispatch.workflow.ts';
import { logisticsWorkflow } from './logistics.workflow.ts';
import { OPERATE_TYPE_OF, stockWorkflow } from './stock.workflow.ts';

export * from './define-workflow.ts';
export * from './screen-calls.ts';
export { billWorkflow, dispatchWorkflow, logisticsWorkflow, OPERATE_TYPE_OF, stockWorkflow };

/** Every workflow; each names its entity by the entity definition itself. */
export const workflowList: readonly AnyWorkflow[] = [dispatchWorkflow, billWorkflow, logisticsWorkflow, stockWorkflow] as unknown as AnyWorkflow[];

/** The transitions that a row of `entity` may fire (by its adding or its own transitions), with their workflow. */
export function recordedTransitions(entity: AnyEntity): [AnyWorkflow, string, TransitionDef<string, string>][] {
  return workflowList.flatMap((w) => w.recorded.filter(([, t]) => t.recordedBy!.entity === entity).map(([n, t]) => [w, n, t] as [AnyWorkflow, string, TransitionDef<string, string>]));
}

/** The workflow rows of an entity move through, if any. */
export function workflowOf(entity: AnyEntity): AnyWorkflow | undefined {
  return workflowList.find((w) => w.entity === entity);
}

/** The extra buttons of an entity's screen: one per distinct button its transitions name, bar the standard ones. */
export function workflowButtons(entity: AnyEntity): [string, string, string, string][] {
  const workflow = workflowOf(entity);
  if (!workflow) return [];
  const out = new Map<string, [string, string, string, string]>();
  for (const t of Object.values(workflow.transitions)) {
    if (t.recordedBy || ['add', 'edit', 'delete', 'view'].includes(t.button) || out.has(t.button)) continue;
    out.set(t.button, [t.button, (t.buttonLabel ?? t.label).zh, `${entity.basePath}/${t.call}`, (t.buttonLabel ?? t.label).en]);
  }
  return [...out.values()];
}
