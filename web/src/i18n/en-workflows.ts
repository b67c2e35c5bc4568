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
};
