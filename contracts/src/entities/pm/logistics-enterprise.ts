import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';
import { CREDIT_CODE, PHONE } from '../base/patterns.ts';

/** A carrier that moves new vehicles between plant, storages and dealers. */
export const logisticsEnterprise = defineEntity({
  ...PM,
  name: 'logisticsEnterprise',
  path: 'logisticsEnterprise',
  table: 'wdiov_logistics_enterprise',
  title: { zh: '物流企业', en: 'Carrier' },
  fields: {
    enterpriseName: f.text('企业名称', 'Carrier name', { required: true, max: 64, search: 'like' }),
    creditCode: f.text('统一社会信用代码', 'Credit code', { required: true, max: 18, unique: true, search: 'like', ...CREDIT_CODE }),
    transportLicenseNo: f.text('道路运输许可证号', 'Road transport licence', { max: 32, list: false }),
    contactName: f.text('联系人', 'Contact', { max: 32 }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, ...PHONE }),
    address: f.text('地址', 'Address', { max: 255, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
