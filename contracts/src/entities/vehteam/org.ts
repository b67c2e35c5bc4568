import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';
import { PHONE } from '../base/patterns.ts';

/**
 * The fleet's organisation tree (company › fleet › team) that vehicles, drivers and alarm
 * configs hang from; orgVehicleTree and the monitor tree are built on it. Separate from the
 * system departments, which organise console users rather than vehicles.
 */
export const org = defineEntity({
  ...VEHTEAM,
  name: 'org',
  caches: ['rules'],
  path: 'org',
  table: 'wdiov_org',
  title: { zh: '组织', en: 'Organisation' },
  tree: { parent: 'parentId', title: 'orgName', ancestors: 'ancestors' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    parentId: f.ref('上级组织', 'Parent', 'org', 'orgName', { default: '0', search: 'equal' }),
    /** `0,<id>,…` as dept keeps it, so "org and below" is one LIKE. */
    ancestors: f.text('祖级列表', 'Ancestors', { max: 2000, readOnly: true, list: false, form: false }),
    orgName: f.text('组织名称', 'Name', { required: true, max: 64, search: 'like' }),
    orgCode: f.text('组织编码', 'Code', { max: 32, search: 'like' }),
    orgCategory: f.dict('组织类型', 'Category', 'org_category', { numeric: true, default: 1 }),
    contactName: f.text('负责人', 'Manager', { max: 32 }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, ...PHONE }),
    regionCode: f.region('所在地区', 'Region'),
    address: f.text('地址', 'Address', { max: 255, list: false }),
    sort: f.int('排序', 'Sort', { default: 1 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
