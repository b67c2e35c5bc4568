import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Menus (category 1) and buttons (category 2) of the console; shared by every tenant. */
export const menu = defineEntity({
  name: 'menu',
  caches: ['access'],
  service: 'wdiov-system',
  path: 'menu',
  table: 'wdiov_menu',
  title: { zh: '菜单', en: 'Menu' },
  tenant: false,
  audit: 'minimal',
  tree: { parent: 'parentId', title: 'name' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    parentId: f.ref('上级菜单', 'Parent', 'menu', 'name', { default: '0' }),
    code: f.text('菜单编号', 'Code', { required: '请输入菜单编号', max: 255, search: 'like' }),
    name: f.text('菜单名称', 'Name', { required: '请输入菜单名称', max: 255, search: 'like' }),
    alias: f.text('菜单别名', 'Alias', { required: '请输入菜单别名', max: 255, search: 'like' }),
    path: f.text('路由地址', 'Path', { max: 255 }),
    source: f.text('菜单图标', 'Icon', { max: 255 }),
    sort: f.int('菜单排序', 'Sort', { required: '请输入菜单排序', default: 1 }),
    category: f.dict('菜单类型', 'Category', 'menu_category', { numeric: true, required: '请选择菜单类型', default: 1 }),
    action: f.dict('按钮功能', 'Button function', 'button_func', { numeric: true, default: 0 }),
    isOpen: f.dict('新窗口', 'New window', 'yes_no', { numeric: true, default: 1 }),
    component: f.text('组件地址', 'Component', { max: 255, list: false }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
