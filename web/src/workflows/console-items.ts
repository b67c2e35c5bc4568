import { billWorkflow, dispatchWorkflow, logisticsWorkflow, stockWorkflow, type AnyWorkflow } from '@wdiov/contracts/workflows/index';
import type { Label } from '@wdiov/contracts/entity/fields';
import type { QueryParams } from '../api/http';

/** One count of the console: rows waiting on someone, read as a page's total, linking to the screen that works them. */
export interface ConsoleCount {
  key: string;
  /** The entity whose screen works these rows (its route and its menu grant). */
  entity: string;
  label: Label;
  /** What the count means (a state's name, a threshold). */
  detail: Label;
  path: string;
  params: QueryParams;
  icon: string;
}

const IDLE_DAYS = 30;

/** Rows of a workflow in a state: that state's rows of the entity's page. */
function inState(workflow: AnyWorkflow, state: string, icon: string): ConsoleCount {
  const entity = workflow.entity;
  return {
    key: `${entity.name}-${state}`, entity: entity.name, label: entity.title, detail: workflow.states[state]!.label,
    path: `${entity.basePath}/page`, params: { [`${workflow.statusField}_equal`]: workflow.states[state]!.value }, icon,
  };
}

/** The to-dos of the back office, in the order the work flows: fleet team, then logistics and stock. */
export const CONSOLE_COUNTS: readonly ConsoleCount[] = [
  inState(dispatchWorkflow, 'submitted', 'pi pi-send'),
  inState(dispatchWorkflow, 'deployed', 'pi pi-truck'),
  inState(billWorkflow, 'pending', 'pi pi-file-check'),
  inState(billWorkflow, 'rejected', 'pi pi-file-excel'),
  inState(logisticsWorkflow, 'inTransit', 'pi pi-directions'),
  inState(logisticsWorkflow, 'exception', 'pi pi-exclamation-triangle'),
  inState(stockWorkflow, 'sold', 'pi pi-shopping-cart'),
  {
    key: 'storage-idle', entity: 'storage', label: { zh: '库存积压', en: 'Idle stock' },
    detail: { zh: `在库超过${IDLE_DAYS}天`, en: `In storage over ${IDLE_DAYS} days` },
    path: '/api/wdiov-pm/storage/idleList', params: { days: IDLE_DAYS }, icon: 'pi pi-clock',
  },
];

/** The maintenance falling due (maintenance reminders of the maintenance record screen). */
export const DUE_REMINDERS = { entity: 'maintainRecord', path: '/api/wdiov-vehteam/alarmRecord/selectExpireRemind', size: 5 } as const;
