import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

export const topMenu = defineEntity({
  name: 'topMenu',
  caches: ['access'],
  service: 'wdiov-system',
  path: 'topmenu',
  table: 'wdiov_top_menu',
  title: { zh: '顶部菜单', en: 'Top menu' },
  tenant: true,
  audit: 'full',
  defaultSort: { column: 'sort', asc: true },
  fields: {
    code: f.text('菜单编号', 'Code', { required: '请输入菜单编号', max: 255, search: 'like' }),
    name: f.text('菜单名称', 'Name', { required: '请输入菜单名称', max: 255, search: 'like' }),
    source: f.text('菜单图标', 'Icon', { max: 255 }),
    path: f.text('路由地址', 'Path', { max: 255 }),
    sort: f.int('菜单排序', 'Sort', { required: '请输入菜单排序', default: 1 }),
  },
});
