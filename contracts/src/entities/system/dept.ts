import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const dept = defineEntity({
  name: 'dept',
  caches: ['scopes'],
  service: 'wdiov-system',
  path: 'dept',
  table: 'wdiov_dept',
  title: { zh: '机构', en: 'Department' },
  tenant: true,
  audit: 'minimal',
  tree: { parent: 'parentId', title: 'deptName', ancestors: 'ancestors' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    parentId: f.ref('上级机构', 'Parent', 'dept', 'deptName', { default: '0' }),
    /** `0,<id>,…`: every ancestor, so "dept and below" is one LIKE instead of a recursive walk. */
    ancestors: f.text('祖级列表', 'Ancestors', { max: 2000, readOnly: true, list: false, form: false }),
    deptCategory: f.dict('机构类型', 'Category', 'org_category', { numeric: true, default: 1 }),
    deptName: f.text('机构名称', 'Name', { required: '请输入机构名称', max: 45, search: 'like' }),
    fullName: f.text('机构全称', 'Full name', { required: '请输入机构全称', max: 45, search: 'like' }),
    sort: f.int('排序', 'Sort', { required: '请输入排序', default: 1 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
