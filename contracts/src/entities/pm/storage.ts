import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';
import { LAT, LNG, PHONE } from '../base/patterns.ts';

/** A vehicle storage yard/warehouse. */
export const storage = defineEntity({
  ...PM,
  name: 'storage',
  path: 'storage',
  table: 'wdiov_storage',
  caches: ['places'],
  title: { zh: '仓库', en: 'Storage' },
  fields: {
    storageName: f.text('仓库名称', 'Storage name', { required: true, max: 64, search: 'like' }),
    storageCode: f.text('仓库编码', 'Storage code', { required: true, max: 32, unique: true, search: 'like' }),
    storageType: f.dict('仓库类型', 'Storage type', 'storage_type', { numeric: true, search: 'equal' }),
    capacity: f.int('容量(台)', 'Capacity (vehicles)', { min: 0, max: 100000 }),
    address: f.text('地址', 'Address', { max: 255 }),
    lng: f.decimal('经度', 'Longitude', LNG),
    lat: f.decimal('纬度', 'Latitude', LAT),
    managerName: f.text('负责人', 'Manager', { max: 32 }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, ...PHONE }),
    orgId: f.ref('所属组织', 'Organisation', 'org', 'orgName', { search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/** An area (bay, row) of a storage; codes repeat across storages, so they are not unique. */
export const storageArea = defineEntity({
  ...PM,
  name: 'storageArea',
  path: 'storageArea',
  table: 'wdiov_storage_area',
  title: { zh: '库区', en: 'Storage area' },
  fields: {
    storageId: f.ref('所属仓库', 'Storage', 'storage', 'storageName', { required: '请选择所属仓库', search: 'equal' }),
    areaName: f.text('库区名称', 'Area name', { required: true, max: 64, search: 'like' }),
    areaCode: f.text('库区编码', 'Area code', { max: 32, search: 'like' }),
    capacity: f.int('容量(台)', 'Capacity (vehicles)', { min: 0, max: 100000 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
