import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** A data model: a table described field by field (its prototypes), from which code is generated. */
export const model = defineEntity({
  name: 'model',
  service: 'wdiov-develop',
  path: 'model',
  table: 'wdiov_model',
  title: { zh: '数据模型', en: 'Model' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    datasourceId: f.ref('数据源', 'Data source', 'datasource', 'name'),
    modelName: f.text('模型名称', 'Name', { required: '请输入模型名称', max: 255, search: 'like' }),
    modelCode: f.text('模型编号', 'Code', { required: '请输入模型编号', max: 255, search: 'like', unique: true, example: 'demoModel1', pattern: { regex: /^[a-z][A-Za-z0-9]*$/, message: '模型编号为小驼峰英文名' } }),
    modelTable: f.text('物理表名', 'Table', { required: '请输入物理表名', max: 255, example: 'wdiov_demo_1', pattern: { regex: /^[a-z][a-z0-9_]*$/, message: '物理表名为小写下划线' } }),
    modelClass: f.text('模型类名', 'Class', { max: 255, list: false }),
    modelRemark: f.text('模型备注', 'Remark', { max: 500, list: false }),
  },
});

export const modelPrototype = defineEntity({
  name: 'modelPrototype',
  service: 'wdiov-develop',
  path: 'model-prototype',
  table: 'wdiov_model_prototype',
  title: { zh: '模型字段', en: 'Model field' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    modelId: f.ref('所属模型', 'Model', 'model', 'modelName', { required: '请选择所属模型', search: 'equal' }),
    jdbcName: f.text('物理列名', 'Column', { required: '请输入物理列名', max: 255, example: 'demo_column_1', pattern: { regex: /^[a-z][a-z0-9_]*$/, message: '物理列名为小写下划线' } }),
    jdbcType: f.text('物理类型', 'SQL type', { max: 64 }),
    comment: f.text('注释', 'Comment', { max: 255 }),
    propertyType: f.text('实体类型', 'Type', { max: 32, default: 'text', example: 'text', pattern: { regex: /^(text|int|bigint|decimal|bool|datetime|date|json)$/, message: '实体类型为 text/int/bigint/decimal/bool/datetime/date/json' } }),
    propertyName: f.text('实体字段', 'Property', { required: '请输入实体字段', max: 255 }),
    isList: f.bool('列表显示', 'In list', { default: true }),
    isForm: f.bool('表单显示', 'In form', { default: true }),
    isRow: f.bool('独占一行', 'Full row', { default: false, list: false }),
    componentType: f.text('组件类型', 'Component', { max: 32, list: false }),
    dictCode: f.text('字典编码', 'Dictionary', { max: 64 }),
    isRequired: f.bool('必填', 'Required', { default: false }),
    isQuery: f.bool('查询配置', 'Searchable', { default: false }),
    queryType: f.text('查询类型', 'Search operator', { max: 16, list: false }),
  },
});
