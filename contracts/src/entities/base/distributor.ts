import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { PHONE } from './patterns.ts';

export const distributor = defineEntity({
  ...BASE,
  name: 'distributor',
  path: 'distributor',
  table: 'wdiov_distributor',
  title: { zh: '经销商', en: 'Distributor' },
  fields: {
    distributorName: f.text('经销商名称', 'Distributor name', { required: true, max: 64, search: 'like' }),
    distributorCode: f.text('经销商编码', 'Distributor code', { required: true, max: 32, unique: true, search: 'like' }),
    distributorLevel: f.dict('经销商级别', 'Level', 'distributor_level', { numeric: true, search: 'equal' }),
    salesRegionId: f.ref('销售区域', 'Sales region', 'salesRegion', 'regionName', { search: 'equal' }),
    contactName: f.text('联系人', 'Contact', { max: 32 }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, ...PHONE }),
    address: f.text('地址', 'Address', { max: 255, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
