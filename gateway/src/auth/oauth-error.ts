/** A failed token call: answered as `{error_code, error_description}` (plus the envelope keys). */
export class OAuthError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly status: number = errorCode === 401 ? 401 : 400,
  ) {
    super(description);
  }
}

export const OAuthMsg = {
  noClient: '请求头中无client信息',
  badClient: '客户端认证失败!',
  grantNotAllowed: '客户端未被授权使用该授权类型',
  unsupportedGrant: '不支持的授权类型',
  notConfigured: '该登录方式未配置',
  noTenant: '租户ID未找到',
  tenantExpired: '租户授权已过期,请联系管理员',
  badCaptcha: '验证码不正确',
  captchaRequired: '验证码模式已开启,请使用验证码登录',
  badCredentials: '用户名或密码错误',
  locked: '登录错误次数过多,请稍后再试',
  noRole: '未获得用户的角色信息',
  disabled: '账号未启用或待审核',
  badRefresh: '令牌已失效',
} as const;
