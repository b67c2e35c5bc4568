import { speaker } from '../lib/request-language.ts';

/** Refusals of single sign-on (the authorize route and the authorization_code grant). */
export const ssoText = speaker(
  {
    unknownProvider: () => '该租户未配置此身份提供方 [providerId]',
    noProvider: () => '该租户未配置单点登录',
    missingCode: () => '缺少授权码 [code]',
    badState: () => '登录状态无效或已过期, 请重新登录 [state]',
    badRedirect: () => '回调地址与身份提供方的配置不符 [redirect_uri]',
    unreachable: () => '无法连接身份提供方, 请联系管理员',
    unknownIssuer: ({ issuer }: { issuer: string }) => `身份提供方的签发者不符: ${issuer}`,
    codeRefused: ({ reason }: { reason: string }) => `身份提供方拒绝了授权码: ${reason}`,
    noIdToken: () => '身份提供方未返回ID令牌',
    badIdToken: ({ reason }: { reason: string }) => `ID令牌无效: ${reason}`,
    idTokenExpired: () => 'ID令牌已过期',
    badNonce: () => 'ID令牌的nonce不符',
    tooManyStarts: () => '发起的登录过多, 请稍后再试',
  },
  {
    unknownProvider: () => 'The tenant has no such identity provider [providerId]',
    noProvider: () => 'The tenant has no single sign-on configured',
    missingCode: () => 'The authorization code is missing [code]',
    badState: () => 'The sign-in state is unknown or expired; please sign in again [state]',
    badRedirect: () => "The redirect URI is not the identity provider's [redirect_uri]",
    unreachable: () => 'The identity provider cannot be reached; please contact the administrator',
    unknownIssuer: ({ issuer }) => `The identity provider names another issuer: ${issuer}`,
    codeRefused: ({ reason }) => `The identity provider refused the authorization code: ${reason}`,
    noIdToken: () => 'The identity provider answered no ID token',
    badIdToken: ({ reason }) => `The ID token is not valid: ${reason}`,
    idTokenExpired: () => 'The ID token has expired',
    badNonce: () => "The ID token's nonce does not match",
    tooManyStarts: () => 'Too many sign-ins started from this address; please try again later',
  },
);
