import type { zhWorkflows } from './zh-workflows';

/** English messages of workflow actions and audit trails; the type forces the same key set as zhWorkflows. */
export const enWorkflows: Record<keyof typeof zhWorkflows, string> = {
  workflowConfirm: '{action}?',
  workflowDone: '{action}: done',
  workflowNoteRequired: 'Enter the {label}',
  workflowTrail: 'Audit trail',
  workflowTrailEmpty: 'No transitions yet',
  workflowTrailMove: '{from} → {to}',
  recordDetailMissing: 'No such record',
  appBindConfirm: 'Bind the {count} chosen vehicles to my app? They replace the vehicles bound so far.',
  operateDetail: 'Operate detail',
  operateDetailTitle: 'Operate detail · {vin}',
  operateDetailNone: 'No records',
  operateDetailUnstocked: 'This vehicle has never been in stock',
};
