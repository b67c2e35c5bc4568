import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** The sales organisation's own regions (e.g. 华南大区 › 广东区), a tree independent of administrative divisions. */
export const salesRegion = defineEntity({
  ...BASE,
  name: 'salesRegion',
  path: 'salesRegion',
  table: 'wdiov_sales_region',
  title: { zh: '销售区域', en: 'Sales region' },
  tree: { parent: 'parentId', title: 'regionName', ancestors: 'ancestors' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    parentId: f.ref('上级区域', 'Parent', 'salesRegion', 'regionName', { default: '0' }),
    /** `0,<id>,…` as dept keeps it, so "region and below" is one LIKE. */
    ancestors: f.text('祖级列表', 'Ancestors', { max: 2000, readOnly: true, list: false, form: false }),
    regionName: f.text('区域名称', 'Region name', { required: true, max: 64, search: 'like' }),
    regionCode: f.text('区域编码', 'Region code', { required: true, max: 32, unique: true, search: 'like' }),
    managerName: f.text('负责人', 'Manager', { max: 32 }),
    sort: f.int('排序', 'Sort', { default: 1 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
