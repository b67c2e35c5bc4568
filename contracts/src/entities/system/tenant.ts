import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const tenant = defineEntity({
  name: 'tenant',
  caches: ['access', 'signIn'],
  service: 'wdiov-system',
  path: 'tenant',
  table: 'wdiov_tenant',
  title: { zh: '租户', en: 'Tenant' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    tenantId: f.text('租户ID', 'Tenant ID', { max: 12, unique: true, search: 'like', example: '100001', pattern: { regex: /^\d{6}$/, message: '租户ID为6位数字' }, readOnly: false }),
    tenantName: f.text('租户名称', 'Tenant name', { required: '请输入租户名称', max: 50, search: 'like' }),
    domainUrl: f.text('域名地址', 'Domain', { max: 255, alias: 'domain' }),
    backgroundUrl: f.text('系统背景', 'Background', { max: 1000, list: false }),
    linkman: f.text('联系人', 'Contact', { max: 20, search: 'like' }),
    contactNumber: f.text('联系电话', 'Phone', { max: 20 }),
    address: f.text('联系地址', 'Address', { max: 255, list: false }),
    accountNumber: f.int('账号额度', 'Account quota', { default: -1, min: -1 }),
    expireTime: f.datetime('过期时间', 'Expires'),
    packageId: f.ref('产品包', 'Product package', 'tenantPackage', 'packageName'),
    datasourceId: f.ref('数据源', 'Data source', 'datasource', 'name', { list: false }),
    licenseKey: f.text('授权码', 'Licence key', { max: 1000, list: false }),
  },
});
