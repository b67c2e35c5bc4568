import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const datasource = defineEntity({
  name: 'datasource',
  service: 'wdiov-develop',
  path: 'datasource',
  table: 'wdiov_datasource',
  title: { zh: '数据源', en: 'Data source' },
  tenant: false,
  platform: true,
  audit: 'full',
  fields: {
    name: f.text('名称', 'Name', { required: '请输入数据源名称', max: 100, search: 'like' }),
    driverClass: f.text('驱动类', 'Driver', { required: '请输入驱动类', max: 100, default: 'org.postgresql.Driver' }),
    url: f.text('连接地址', 'URL', { required: '请输入连接地址', max: 500 }),
    username: f.text('用户名', 'User', { required: '请输入用户名', max: 45 }),
    password: f.text('密码', 'Password', { max: 45, writeOnly: true }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
