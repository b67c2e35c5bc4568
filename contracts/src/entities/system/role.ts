import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const role = defineEntity({
  name: 'role',
  caches: ['scopes', 'access', 'signIn'],
  service: 'wdiov-system',
  path: 'role',
  table: 'wdiov_role',
  title: { zh: '角色', en: 'Role' },
  tenant: true,
  audit: 'minimal',
  tree: { parent: 'parentId', title: 'roleName' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    parentId: f.ref('上级角色', 'Parent role', 'role', 'roleName', { default: '0' }),
    roleName: f.text('角色名称', 'Role name', { required: '请输入角色名称', max: 255, search: 'like' }),
    roleAlias: f.text('角色别名', 'Role alias', { required: '请输入角色别名', max: 255, search: 'like', example: 'operator1', pattern: { regex: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '角色别名只能包含字母、数字、下划线和连字符' } }),
    sort: f.int('角色排序', 'Sort', { required: '请输入角色排序', default: 1 }),
  },
});
