/** Chinese messages of the screens' own call dialogs (ECU assignment, tenant, code generation, models, user platforms). */
export const zhDialogs = {
  dialogLoadFailed: '加载失败: {msg}',
  dialogRetry: '重试',
  ecuAssignTitle: 'ECU配置 · {model}',
  ecuAssignNone: '暂无ECU, 请先在ECU管理中新增',
  ecuAssignHint: '勾选该车型装配的ECU, 序号为诊断读取顺序 (已选 {count} 个)',
};
