import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/** A fleet payment account (fuel card, ETC card, charging card, bank account) that bills are paid from. */
export const account = defineEntity({
  ...VEHTEAM,
  name: 'account',
  path: 'account',
  table: 'wdiov_account',
  title: { zh: '账户', en: 'Account' },
  fields: {
    accountName: f.text('账户名称', 'Account name', { required: true, max: 64, search: 'like' }),
    accountType: f.dict('账户类型', 'Account type', 'account_type', { numeric: true, required: '请选择账户类型', search: 'equal' }),
    accountNo: f.text('卡号/账号', 'Card / account no.', { required: true, max: 32, unique: true, search: 'like' }),
    issuer: f.text('发卡机构', 'Issuer', { max: 64 }),
    holderName: f.text('持有人', 'Holder', { max: 32 }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { search: 'equal' }),
    vehicleId: f.ref('绑定车辆', 'Vehicle', 'vehicle', 'vin', { search: 'equal' }),
    balance: f.decimal('余额(元)', 'Balance (CNY)', { min: -100000000, max: 100000000 }),
    expireDate: f.date('有效期至', 'Valid to', { list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
