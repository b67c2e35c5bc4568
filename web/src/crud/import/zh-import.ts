/** Chinese texts of a list's spreadsheet import. */
export const zhImport = {
  crudImport: '导入',
  crudImportTitle: '导入{title}',
  crudImportHint: '上传 xlsx 或 csv 文件, 表头使用导出文件的列名 (中文或英文); 全部行校验通过后一次写入。',
  crudImportPick: '选择文件',
  crudImportChecking: '正在校验 {name} …',
  crudImportSummary: '共 {total} 行, 可导入 {valid} 行, {errors} 处错误',
  crudImportIgnored: '未识别的列将被忽略: {columns}',
  crudImportErrorsMore: '仅显示前 {shown} 处错误',
  crudImportRow: '行号',
  crudImportColumn: '列',
  crudImportMessage: '错误',
  crudImportFixFirst: '请修正文件中的错误后重新选择文件',
  crudImportConfirm: '确认导入',
  crudImportRunning: '正在导入 {valid} 行 …',
  crudImportDone: '已导入 {count} 条',
  crudImportClose: '关闭',
};
