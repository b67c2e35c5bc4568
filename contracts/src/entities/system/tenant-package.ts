import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const tenantPackage = defineEntity({
  name: 'tenantPackage',
  caches: ['access'],
  service: 'wdiov-system',
  path: 'tenant-package',
  table: 'wdiov_tenant_package',
  title: { zh: '租户产品包', en: 'Tenant product package' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    packageName: f.text('产品包名称', 'Package name', { required: '请输入产品包名称', max: 50, search: 'like' }),
    menuId: f.ref('菜单列表', 'Menus', 'menu', 'name', { multiple: true, required: '请选择菜单', list: false }),
    remark: f.text('备注', 'Remark', { max: 255 }),
  },
});
