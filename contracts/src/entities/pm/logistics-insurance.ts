import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';

/** An insurance policy covering vehicles in transit. */
export const logisticsInsurance = defineEntity({
  ...PM,
  name: 'logisticsInsurance',
  path: 'logisticsInsurance',
  table: 'wdiov_logistics_insurance',
  title: { zh: '物流保险', en: 'Transit insurance' },
  fields: {
    policyNo: f.text('保单号', 'Policy no.', { required: true, max: 64, unique: true, search: 'like' }),
    insuranceType: f.dict('保险类型', 'Insurance type', 'insurance_type', { numeric: true, required: '请选择保险类型', search: 'equal' }),
    insurer: f.text('保险公司', 'Insurer', { required: true, max: 64, search: 'like' }),
    enterpriseId: f.ref('投保企业', 'Carrier', 'logisticsEnterprise', 'enterpriseName', { search: 'equal' }),
    insuredAmount: f.decimal('保额(元)', 'Sum insured (CNY)', { min: 0, max: 10000000000 }),
    premium: f.decimal('保费(元)', 'Premium (CNY)', { min: 0, max: 100000000 }),
    startDate: f.date('起保日期', 'Cover from', { required: true }),
    endDate: f.date('终保日期', 'Cover to', { required: true }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
