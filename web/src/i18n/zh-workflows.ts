/** Chinese messages of workflow actions and audit trails (statuses and actions come from the definitions). */
export const zhWorkflows = {
  workflowConfirm: '确定{action}?',
  workflowDone: '{action}成功',
  workflowNoteRequired: '请输入{label}',
  workflowTrail: '流转记录',
  workflowTrailEmpty: '暂无流转记录',
  workflowTrailMove: '{from} → {to}',
  recordDetailMissing: '未找到该记录',
  appBindConfirm: '确定将选中的 {count} 辆车绑定到我的APP? 原有绑定将被替换。',
  operateDetail: '作业详情',
  operateDetailTitle: '作业详情 · {vin}',
  operateDetailNone: '暂无记录',
  operateDetailUnstocked: '该车辆尚未入库',
};
