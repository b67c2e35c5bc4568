import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Code generator records: which model to generate, for which service and path. */
export const code = defineEntity({
  name: 'code',
  service: 'wdiov-develop',
  path: 'code',
  table: 'wdiov_code',
  title: { zh: '代码生成', en: 'Code generator' },
  tenant: false,
  platform: true,
  audit: 'minimal',
  fields: {
    modelId: f.ref('数据模型', 'Model', 'model', 'modelName', { required: '请选择数据模型' }),
    serviceName: f.text('服务名称', 'Service', { required: '请输入服务名称', max: 64, search: 'like', example: 'wdiov-demo', pattern: { regex: /^wdiov-[a-z]+$/, message: '服务名称形如 wdiov-base' } }),
    codeName: f.text('模块名称', 'Module', { required: '请输入模块名称', max: 64, search: 'like' }),
    tableName: f.text('表名', 'Table', { max: 64 }),
    tablePrefix: f.text('表前缀', 'Table prefix', { max: 64, default: 'wdiov_', list: false }),
    pkName: f.text('主键名', 'Primary key', { max: 32, default: 'id', list: false }),
    packageName: f.text('包名', 'Package', { max: 500, list: false }),
    apiPath: f.text('接口路径', 'API path', { max: 2000, list: false }),
    webPath: f.text('前端路径', 'Web path', { max: 2000, list: false }),
    author: f.text('作者', 'Author', { max: 64, list: false }),
  },
});

/** Exports a user started: what, when, how many rows, and where the file is. */
export const exportRecord = defineEntity({
  name: 'exportRecord',
  service: 'wdiov-base',
  path: 'exportRecord',
  table: 'wdiov_export_record',
  title: { zh: '导出记录', en: 'Export record' },
  tenant: true,
  audit: 'full',
  fields: {
    fileName: f.text('文件名', 'File', { required: true, max: 255, search: 'like' }),
    resource: f.text('数据来源', 'Source', { max: 255, search: 'like' }),
    format: f.text('格式', 'Format', { max: 8, search: 'equal' }),
    rowCount: f.int('行数', 'Rows'),
    link: f.text('下载地址', 'Link', { max: 1000 }),
  },
});
