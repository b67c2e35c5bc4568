import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';
import { ID_CARD, PHONE } from '../base/patterns.ts';

/**
 * A fleet driver. The identity card number is indexed rather than unique: see the report on
 * samples.ts (18-digit examples cannot be varied exactly yet).
 */
export const driver = defineEntity({
  ...VEHTEAM,
  name: 'driver',
  path: 'driver',
  table: 'wdiov_driver',
  title: { zh: '司机', en: 'Driver' },
  fields: {
    driverName: f.text('司机姓名', 'Name', { required: true, max: 32, search: 'like' }),
    phone: f.text('手机号码', 'Phone', { required: true, max: 20, search: 'like', ...PHONE }),
    idCardNo: f.text('身份证号', 'ID card no.', { max: 18, search: 'like', index: true, list: false, ...ID_CARD }),
    licenseType: f.dict('准驾车型', 'Licence class', 'license_type', { search: 'equal' }),
    licenseNo: f.text('驾驶证号', 'Licence no.', { max: 32, list: false }),
    licenseExpireDate: f.date('驾驶证有效期至', 'Licence valid to'),
    qualificationCertNo: f.text('从业资格证号', 'Qualification cert. no.', { max: 32, list: false }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { required: '请选择所属车队', search: 'equal' }),
    /** The driver's app account, when the driver signs in to the fleet app. */
    userId: f.ref('登录账号', 'User account', 'user', 'realName', { list: false }),
    hireDate: f.date('入职日期', 'Hired on', { list: false }),
    driverStatus: f.dict('司机状态', 'Status', 'driver_status', { numeric: true, default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
