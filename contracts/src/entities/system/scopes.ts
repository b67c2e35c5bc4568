import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/**
 * Data scopes restrict which rows of a resource a role sees: all (1), own (2), own dept (3),
 * dept and below (4), or custom (5: the dept ids in scopeValue). `resourceCode` is the entity
 * name; `scopeColumn` is create_dept or create_user.
 */
export const dataScope = defineEntity({
  name: 'dataScope',
  caches: ['scopes', 'access'],
  service: 'wdiov-system',
  path: 'data-scope',
  table: 'wdiov_scope_data',
  title: { zh: '数据权限', en: 'Data scope' },
  tenant: false,
  audit: 'full',
  fields: {
    menuId: f.ref('菜单', 'Menu', 'menu', 'name', { required: '请选择菜单', search: 'equal' }),
    resourceCode: f.text('资源编号', 'Resource code', { required: '请输入资源编号', max: 255, search: 'like' }),
    scopeName: f.text('数据权限名称', 'Name', { required: '请输入数据权限名称', max: 255, search: 'like' }),
    scopeField: f.text('数据权限字段', 'Field', { max: 255, default: '*', list: false }),
    scopeClass: f.text('数据权限类名', 'Class', { max: 500, list: false }),
    scopeColumn: f.text('数据权限字段列', 'Column', { max: 255, default: 'create_dept', example: 'create_dept', pattern: { regex: /^(create_dept|create_user)$/, message: '数据权限字段列只能是 create_dept 或 create_user' } }),
    scopeType: f.dict('数据权限类型', 'Type', 'data_scope_type', { numeric: true, required: '请选择数据权限类型', search: 'equal' }),
    scopeValue: f.text('数据权限值', 'Value', { max: 2000, list: false, example: '1123598813738675201', pattern: { regex: /^(\d+)(,\d+)*$/, message: '自定义数据权限值为逗号分隔的机构ID' } }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});

/** API scopes: a path pattern (`/api/x/y/**`) callable only by roles granted the scope. */
export const apiScope = defineEntity({
  name: 'apiScope',
  caches: ['access'],
  service: 'wdiov-system',
  path: 'api-scope',
  table: 'wdiov_scope_api',
  title: { zh: '接口权限', en: 'API scope' },
  tenant: false,
  audit: 'full',
  fields: {
    menuId: f.ref('菜单', 'Menu', 'menu', 'name', { required: '请选择菜单', search: 'equal' }),
    resourceCode: f.text('资源编号', 'Resource code', { required: '请输入资源编号', max: 255, search: 'like' }),
    scopeName: f.text('接口权限名称', 'Name', { required: '请输入接口权限名称', max: 255, search: 'like' }),
    scopePath: f.text('接口权限地址', 'Path', { required: '请输入接口权限地址', max: 255, example: '/api/wdiov-demo/sample/**', pattern: { regex: /^\/api\/[A-Za-z0-9_\-/.*]+$/, message: '接口权限地址以 /api/ 开头, 可用 * 和 ** 通配' } }),
    scopeType: f.dict('接口权限类型', 'Type', 'api_scope_type', { numeric: true, required: '请选择接口权限类型', search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
