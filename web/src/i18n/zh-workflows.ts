/** Chinese messages of workflow actions and audit trails (statuses and actions come from the definitions). */
export const zhWorkflows = {
  workflowConfirm: '确定{action}?',
  workflowDone: '{action}成功',
  workflowNoteRequired: '请输入{label}',
  workflowTrail: '流转记录',
  workflowTrailEmpty: '暂无流转记录',
  workflowTrailMove: '{from} → {to}',
  recordDetailMissing: '未找到该记录',
};
