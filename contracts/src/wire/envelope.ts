/**
 * The BladeX response envelope `R<T>`: `{code, success, data, msg}` with
 * `success === (code === 200)`. Every JSON answer except the oauth token calls uses it.
 */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export const ResultCode = {
  SUCCESS: 200,
  FAILURE: 400,
  UN_AUTHORIZED: 401,
  REQ_REJECT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  PAYLOAD_TOO_LARGE: 413,
  MEDIA_TYPE_NOT_SUPPORTED: 415,
  INTERNAL_SERVER_ERROR: 500,
} as const;

export const Msg = {
  success: '操作成功',
  failure: '操作失败',
  noData: '暂无承载数据',
  unauthorized: '请求未授权',
  missingToken: '缺失令牌,鉴权失败',
  forbidden: '请求被拒绝',
  notFound: '404 没找到请求',
  methodNotSupported: '不支持当前请求方法',
  mediaTypeNotSupported: '不支持当前媒体类型',
  notReadable: '消息不能读取',
  payloadTooLarge: '请求体过大',
  serverError: '服务器异常',
  added: '新增成功',
  updated: '更新成功',
  removed: '删除成功',
} as const;

export function ok<T>(data: T, msg: string = Msg.success): R<T> {
  return { code: 200, success: true, data, msg };
}

/** `R.status(flag)`: 200 操作成功 or 400 操作失败. */
export function status(flag: boolean, msg?: string): R<Record<string, never>> {
  return flag ? ok({}, msg ?? Msg.success) : fail(400, msg ?? Msg.failure);
}

export function fail(code: number, msg: string): R<Record<string, never>> {
  return { code, success: false, data: {}, msg };
}

/** Error answer of the oauth token call (bare, not wrapped). */
export interface OAuthError {
  error_code: number;
  error_description: string;
}
