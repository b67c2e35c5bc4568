import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const notice = defineEntity({
  name: 'notice',
  service: 'wdiov-desk',
  path: 'notice',
  table: 'wdiov_notice',
  title: { zh: '通知公告', en: 'Notice' },
  tenant: true,
  audit: 'full',
  fields: {
    title: f.text('通知标题', 'Title', { required: '请输入通知标题', max: 255, search: 'like' }),
    category: f.dict('通知类型', 'Category', 'notice', { numeric: true, required: '请选择通知类型', search: 'equal' }),
    releaseTime: f.datetime('通知时间', 'Release time', { required: '请选择通知时间' }),
    content: f.text('通知内容', 'Content', { max: 2000, multiline: true, list: false }),
  },
});
