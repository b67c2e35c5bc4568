import { defineEntity, type EntityConfig } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

const dictFields = (selfName: string) => ({
  parentId: f.ref('上级字典', 'Parent', selfName, 'dictValue', { default: '0' }),
  code: f.text('字典编号', 'Code', { required: '请输入字典编号', max: 255, search: 'like' }),
  /** Parent rows carry '-1' (BladeX); children carry the stored value. */
  dictKey: f.text('字典键值', 'Key', { max: 255, default: '-1' }),
  dictValue: f.text('字典名称', 'Name', { required: '请输入字典名称', max: 255, search: 'like' }),
  sort: f.int('字典排序', 'Sort', { required: '请输入字典排序', default: 1 }),
  remark: f.text('字典备注', 'Remark', { max: 255, list: false }),
  isSealed: f.dict('封存', 'Sealed', 'is_sealed', { numeric: true, required: '请选择字典封存', default: 0 }),
});

const common = {
  service: 'wdiov-system',
  audit: 'minimal',
  tree: { parent: 'parentId', title: 'dictValue' } as const,
  defaultSort: { column: 'sort', asc: true },
} satisfies Partial<EntityConfig>;

/** System dictionaries (shared by every tenant). */
export const dict = defineEntity({
  ...common,
  name: 'dict',
  caches: ['dictionaries'],
  path: 'dict',
  table: 'wdiov_dict',
  title: { zh: '系统字典', en: 'Dictionary' },
  tenant: false,
  fields: dictFields('dict'),
});

/** Business dictionaries (per tenant). */
export const dictBiz = defineEntity({
  ...common,
  name: 'dictBiz',
  caches: ['dictionaries'],
  path: 'dict-biz',
  table: 'wdiov_dict_biz',
  title: { zh: '业务字典', en: 'Business dictionary' },
  tenant: true,
  fields: dictFields('dictBiz'),
});
