import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';
import { ID_CARD, PHONE } from '../base/patterns.ts';

/** A carrier's driver (not a fleet driver: carriers' staff are not console users). */
export const logisticsDriver = defineEntity({
  ...PM,
  name: 'logisticsDriver',
  path: 'logisticsDriver',
  table: 'wdiov_logistics_driver',
  title: { zh: '物流司机', en: 'Carrier driver' },
  fields: {
    driverName: f.text('司机姓名', 'Name', { required: true, max: 32, search: 'like' }),
    phone: f.text('手机号码', 'Phone', { required: true, max: 20, search: 'like', ...PHONE }),
    idCardNo: f.text('身份证号', 'ID card no.', { max: 18, search: 'like', index: true, list: false, ...ID_CARD }),
    enterpriseId: f.ref('物流企业', 'Carrier', 'logisticsEnterprise', 'enterpriseName', { required: '请选择物流企业', search: 'equal' }),
    licenseType: f.dict('准驾车型', 'Licence class', 'license_type', { search: 'equal' }),
    qualificationCertNo: f.text('从业资格证号', 'Qualification cert. no.', { max: 32, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
