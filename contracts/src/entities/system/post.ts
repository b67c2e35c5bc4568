import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const post = defineEntity({
  name: 'post',
  service: 'wdiov-system',
  path: 'post',
  table: 'wdiov_post',
  title: { zh: '岗位', en: 'Post' },
  tenant: true,
  audit: 'full',
  defaultSort: { column: 'sort', asc: true },
  fields: {
    category: f.dict('岗位类型', 'Category', 'post_category', { numeric: true, required: '请选择岗位类型', search: 'equal' }),
    postCode: f.text('岗位编号', 'Code', { required: '请输入岗位编号', max: 12, search: 'like', unique: true }),
    postName: f.text('岗位名称', 'Name', { required: '请输入岗位名称', max: 64, search: 'like' }),
    sort: f.int('岗位排序', 'Sort', { default: 1 }),
    remark: f.text('岗位描述', 'Remark', { max: 255, list: false }),
  },
});
