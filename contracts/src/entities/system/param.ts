import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const param = defineEntity({
  name: 'param',
  caches: ['params'],
  service: 'wdiov-system',
  path: 'param',
  table: 'wdiov_param',
  title: { zh: '参数', en: 'Parameter' },
  tenant: false,
  audit: 'full',
  fields: {
    paramName: f.text('参数名称', 'Name', { required: '请输入参数名称', search: 'like' }),
    paramKey: f.text('参数键名', 'Key', { required: '请输入参数键名', search: 'like', unique: true }),
    paramValue: f.text('参数键值', 'Value', { required: '请输入参数键值', multiline: true }),
    remark: f.text('备注', 'Remark', { list: false }),
  },
});
