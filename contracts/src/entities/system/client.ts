import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** OAuth clients allowed to call the token endpoint (Basic header). */
export const client = defineEntity({
  name: 'client',
  caches: ['signIn'],
  service: 'wdiov-system',
  path: 'client',
  table: 'wdiov_client',
  title: { zh: '应用', en: 'Client' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    clientId: f.text('应用ID', 'Client ID', { required: '请输入应用ID', max: 48, unique: true, search: 'like' }),
    clientSecret: f.text('应用密钥', 'Client secret', { required: '请输入应用密钥', max: 256, list: false }),
    resourceIds: f.text('资源集合', 'Resources', { max: 256, list: false }),
    scope: f.text('授权范围', 'Scope', { required: '请输入授权范围', max: 256, default: 'all' }),
    authorizedGrantTypes: f.text('授权类型', 'Grant types', { required: '请输入授权类型', max: 256, default: 'refresh_token,password,authorization_code,captcha,social' }),
    webServerRedirectUri: f.text('回调地址', 'Redirect URI', { max: 256, list: false }),
    authorities: f.text('权限', 'Authorities', { max: 256, list: false }),
    accessTokenValidity: f.int('令牌过期秒数', 'Access token validity (s)', { required: '请输入令牌过期秒数', min: 60, max: 86400 * 30, default: 3600 }),
    refreshTokenValidity: f.int('刷新令牌过期秒数', 'Refresh token validity (s)', { required: '请输入刷新令牌过期秒数', min: 60, max: 86400 * 365, default: 604800 }),
    additionalInformation: f.text('附加说明', 'Additional information', { max: 4096, list: false, multiline: true }),
    autoapprove: f.text('自动授权', 'Auto approve', { max: 256, list: false }),
  },
});
