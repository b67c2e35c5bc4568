import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** SMS configurations; the enabled one sends (a logging provider by default). */
export const sms = defineEntity({
  name: 'sms',
  service: 'wdiov-resource',
  path: 'sms',
  table: 'wdiov_sms',
  title: { zh: '短信配置', en: 'SMS' },
  tenant: true,
  audit: 'full',
  fields: {
    category: f.dict('分类', 'Category', 'sms', { numeric: true, required: '请选择分类', search: 'equal' }),
    smsCode: f.text('资源编号', 'Code', { required: '请输入资源编号', max: 32, unique: true, search: 'like' }),
    templateId: f.text('模板ID', 'Template id', { required: '请输入模板ID', max: 64 }),
    accessKey: f.text('accessKey', 'Access key', { max: 255, list: false }),
    secretKey: f.text('secretKey', 'Secret key', { max: 255, list: false, writeOnly: true }),
    regionId: f.text('regionId', 'Region id', { max: 255, list: false }),
    signName: f.text('短信签名', 'Signature', { max: 64 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
