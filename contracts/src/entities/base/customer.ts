import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { PHONE } from './patterns.ts';

/** The buyer or operator of vehicles (a person or a company). */
export const customer = defineEntity({
  ...BASE,
  name: 'customer',
  path: 'customer',
  table: 'wdiov_customer',
  title: { zh: '客户', en: 'Customer' },
  fields: {
    customerName: f.text('客户名称', 'Customer name', { required: true, max: 64, search: 'like' }),
    customerType: f.dict('客户类型', 'Customer type', 'customer_type', { numeric: true, required: '请选择客户类型', search: 'equal' }),
    contactName: f.text('联系人', 'Contact', { max: 32, search: 'like' }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, search: 'like', ...PHONE }),
    /** Identity card number for a person, unified social credit code for a company. */
    certificateNo: f.text('证件号码', 'Certificate no.', { max: 32, list: false }),
    distributorId: f.ref('所属经销商', 'Distributor', 'distributor', 'distributorName', { search: 'equal' }),
    salesRegionId: f.ref('销售区域', 'Sales region', 'salesRegion', 'regionName', { list: false }),
    address: f.text('地址', 'Address', { max: 255, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
