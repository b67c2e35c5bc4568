import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Parent code of the provinces: the root of the region tree (BladeX). */
export const REGION_ROOT = '00';

/** Set by the server from the parent region (ancestors, the province, city and district it lies in). */
const DERIVED = { readOnly: true, form: false } as const;

/** GB/T 2260 administrative divisions, identified by their code. */
export const region = defineEntity({
  name: 'region',
  service: 'wdiov-system',
  path: 'region',
  table: 'wdiov_region',
  title: { zh: '行政区划', en: 'Region' },
  tenant: false,
  audit: 'minimal',
  removeBy: 'id',
  defaultSort: { column: 'code', asc: true },
  fields: {
    code: f.text('区划编号', 'Code', { required: '请输入区划编号', max: 12, unique: true, search: 'likeright', example: '440300000001', pattern: { regex: /^\d{2,12}$/, message: '区划编号为2-12位数字' } }),
    parentCode: f.text('父区划编号', 'Parent code', { max: 12, index: true, default: REGION_ROOT, example: '440300', pattern: { regex: /^\d{2,12}$/, message: '父区划编号为2-12位数字' } }),
    ancestors: f.text('祖区划编号', 'Ancestors', { max: 255, list: false, ...DERIVED }),
    name: f.text('区划名称', 'Name', { required: '请输入区划名称', max: 32, search: 'like' }),
    provinceCode: f.text('省级区划编号', 'Province code', { max: 12, list: false, ...DERIVED }),
    provinceName: f.text('省级名称', 'Province', { max: 32, ...DERIVED }),
    cityCode: f.text('市级区划编号', 'City code', { max: 12, list: false, ...DERIVED }),
    cityName: f.text('市级名称', 'City', { max: 32, ...DERIVED }),
    districtCode: f.text('区级区划编号', 'District code', { max: 12, list: false, ...DERIVED }),
    districtName: f.text('区级名称', 'District', { max: 32, ...DERIVED }),
    regionLevel: f.dict('层级', 'Level', 'region', { numeric: true, required: '请选择层级', search: 'equal' }),
    lng: f.decimal('经度', 'Longitude', { scale: 6, min: -180, max: 180, list: false }),
    lat: f.decimal('纬度', 'Latitude', { scale: 6, min: -90, max: 90, list: false }),
    sort: f.int('排序', 'Sort', { default: 1 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
