import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/wire';
import { filterMenuByRoles, findMenuByRoute, flattenButtonCodes, menuTarget, searchMenu } from './menu-tree';

const node = (over: Partial<MenuNode>): MenuNode => ({
  id: over.path ?? 'x', parentId: '1', code: '', name: '', alias: 'menu', path: '', source: '', sort: 1, category: 1, isOpen: 1, ...over,
});

const MENU: MenuNode[] = [
  node({
    id: '1', parentId: '0', name: '系统管理', path: '/system',
    children: [
      node({ name: '用户管理', path: '/system/user' }),
      node({ name: '参数管理', path: '/system/param', roles: ['administrator'] }),
      node({ name: 'User list', path: '/system/userList' }),
    ],
  }),
  node({ id: '2', parentId: '0', name: '车辆', path: '/vehicle' }),
  node({ id: '3', parentId: '0', name: '文档', path: 'https://example.com/doc' }),
  node({ id: '4', parentId: '0', name: '大屏', path: '/largeScreen' }),
  node({ id: '5', parentId: '0', name: '报表', path: '/report/a.html', isOpen: 2 }),
];

describe('menu tree', () => {
  it('hides items whose roles list does not include one of the user roles', () => {
    const names = (nodes: MenuNode[]) => nodes[0].children!.map((n) => n.name);
    expect(names(filterMenuByRoles(MENU, ['guest']))).toEqual(['用户管理', 'User list']);
    expect(names(filterMenuByRoles(MENU, ['administrator']))).toEqual(['用户管理', '参数管理', 'User list']);
  });

  it('flattens the leaf codes of the buttons tree into a permission map', () => {
    const buttons = [node({ code: 'notice', children: [node({ code: 'notice_add' }), node({ code: 'notice_edit' })] })];
    expect(flattenButtonCodes(buttons)).toEqual({ notice_add: true, notice_edit: true });
  });

  it('searches leaves by name prefix, case-insensitive', () => {
    expect(searchMenu(MENU, '用户').map((n) => n.path)).toEqual(['/system/user']);
    expect(searchMenu(MENU, 'user').map((n) => n.path)).toEqual(['/system/userList']);
    expect(searchMenu(MENU, '管理')).toEqual([]);
    expect(searchMenu(MENU, ' ')).toEqual([]);
  });

  it('routes: new window for isOpen=2 and big screens, iframe for http/html, /index for top leaves', () => {
    expect(menuTarget(MENU[4])).toEqual({ kind: 'window', url: '/report/a.html' });
    expect(menuTarget(MENU[3])).toEqual({ kind: 'window', url: '/largeScreen' });
    expect(menuTarget(MENU[2])).toEqual({
      kind: 'route',
      path: '/myiframe/urlPath?src=https%3A%2F%2Fexample.com%2Fdoc&name=%E6%96%87%E6%A1%A3',
    });
    expect(menuTarget(node({ path: '/help/x.html' }))).toMatchObject({ path: expect.stringMatching(/^\/myiframe\/urlPath\?src=/) });
    expect(menuTarget(MENU[1])).toEqual({ kind: 'route', path: '/vehicle/index' });
    expect(menuTarget(MENU[0].children![0])).toEqual({ kind: 'route', path: '/system/user' });
  });

  it('finds the menu node of a route', () => {
    expect(findMenuByRoute(MENU, '/vehicle/index?x=1')?.name).toBe('车辆');
    expect(findMenuByRoute(MENU, '/nope')).toBeUndefined();
  });
});
