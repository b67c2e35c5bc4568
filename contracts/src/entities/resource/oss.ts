import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Object-storage configurations; the enabled one receives uploads (local disk by default). */
export const oss = defineEntity({
  name: 'oss',
  service: 'wdiov-resource',
  path: 'oss',
  table: 'wdiov_oss',
  title: { zh: '对象存储', en: 'Object storage' },
  tenant: true,
  audit: 'full',
  fields: {
    category: f.dict('分类', 'Category', 'oss', { numeric: true, required: '请选择分类', search: 'equal' }),
    ossCode: f.text('资源编号', 'Code', { required: '请输入资源编号', max: 32, unique: true, search: 'like' }),
    endpoint: f.text('资源地址', 'Endpoint', { required: '请输入资源地址', max: 255 }),
    accessKey: f.text('accessKey', 'Access key', { max: 255, list: false }),
    secretKey: f.text('secretKey', 'Secret key', { max: 255, list: false, writeOnly: true }),
    bucketName: f.text('空间名', 'Bucket', { max: 255 }),
    appId: f.text('应用ID', 'App id', { max: 255, list: false }),
    region: f.text('地域简称', 'Region', { max: 255, list: false }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
