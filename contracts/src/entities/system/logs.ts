import { defineEntity, type EntityConfig } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Columns every log kind has: where, who and what. Logs are written by the gateway, read by admins. */
const common = {
  serviceId: f.text('服务ID', 'Service', { max: 32, search: 'like' }),
  serverHost: f.text('服务器名', 'Server host', { max: 255, list: false }),
  serverIp: f.text('服务器IP', 'Server IP', { max: 255, list: false }),
  env: f.text('环境', 'Environment', { max: 32, list: false }),
  method: f.text('请求方法', 'Method', { max: 10 }),
  requestUri: f.text('请求地址', 'URI', { max: 255, search: 'like' }),
  userAgent: f.text('用户代理', 'User agent', { max: 1000, list: false }),
  remoteIp: f.text('操作IP', 'Remote IP', { max: 255, search: 'like' }),
  params: f.text('操作提交的数据', 'Parameters', { max: 5000, multiline: true, list: false }),
  createBy: f.text('创建者', 'By', { max: 64, search: 'like' }),
  createTime: f.datetime('创建时间', 'Time', { index: true }),
};

const logEntity = {
  service: 'wdiov-system',
  tenant: true,
  audit: 'minimal',
  defaultSort: { column: 'create_time', asc: false },
} satisfies Partial<EntityConfig>;

export const logUsual = defineEntity({
  ...logEntity,
  name: 'logUsual',
  path: 'log-usual',
  table: 'wdiov_log_usual',
  title: { zh: '通用日志', en: 'Usual log' },
  fields: {
    ...common,
    logLevel: f.text('日志级别', 'Level', { max: 10, search: 'equal' }),
    logId: f.text('日志业务ID', 'Log id', { max: 100, search: 'like' }),
    logData: f.text('日志数据', 'Data', { max: 5000, multiline: true }),
  },
});

export const logApi = defineEntity({
  ...logEntity,
  name: 'logApi',
  path: 'log-api',
  table: 'wdiov_log_api',
  title: { zh: '接口日志', en: 'API log' },
  fields: {
    ...common,
    type: f.text('日志类型', 'Type', { max: 2, default: '1' }),
    title: f.text('日志标题', 'Title', { max: 255, search: 'like' }),
    httpStatus: f.int('状态码', 'Status', { search: 'equal' }),
    time: f.int('耗时(毫秒)', 'Duration (ms)'),
  },
});

export const logError = defineEntity({
  ...logEntity,
  name: 'logError',
  path: 'log-error',
  table: 'wdiov_log_error',
  title: { zh: '错误日志', en: 'Error log' },
  fields: {
    ...common,
    stackTrace: f.text('堆栈', 'Stack trace', { max: 20000, multiline: true, list: false }),
    exceptionName: f.text('异常名', 'Exception', { max: 255, search: 'like' }),
    message: f.text('异常信息', 'Message', { max: 4000, multiline: true }),
    lineNumber: f.int('错误行数', 'Line', { list: false }),
    fileName: f.text('文件名', 'File', { max: 1000, list: false }),
    methodName: f.text('方法名', 'Method name', { max: 255, list: false }),
    /** `web` for errors the console uploads from the browser, `server` for the gateway's own. */
    source: f.text('来源', 'Source', { max: 16, search: 'equal', default: 'server' }),
  },
});

/**
 * One write of one row by one user: a submit (add or update), a remove, a workflow move, an
 * alarm handled, a grant. `changes` is JSON: for an update each changed field as
 * `{"field": [before, after]}`, for an add the values given, for a grant what was granted;
 * passwords and secrets never appear in it.
 */
export const logOperation = defineEntity({
  ...logEntity,
  name: 'logOperation',
  path: 'log-operation',
  table: 'wdiov_log_operation',
  title: { zh: '操作日志', en: 'Operation log' },
  fields: {
    createBy: common.createBy,
    userId: f.text('用户ID', 'User ID', { max: 32, search: 'equal', list: false }),
    entityName: f.text('业务对象', 'Entity', { max: 64, search: 'equal', index: true }),
    recordId: f.text('记录ID', 'Record ID', { max: 64, search: 'equal' }),
    /** add, update, remove, or the custom call's own verb (handle, grant, a workflow action …). */
    action: f.text('操作', 'Action', { max: 64, search: 'equal' }),
    changes: f.text('变更内容', 'Changes', { max: 5000, multiline: true }),
    method: common.method,
    requestUri: common.requestUri,
    remoteIp: common.remoteIp,
    serviceId: common.serviceId,
    serverHost: common.serverHost,
    env: common.env,
    createTime: common.createTime,
  },
});
