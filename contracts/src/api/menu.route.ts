import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { isIdText, parentIdString } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';
import { idListParam } from './query-params.ts';
import { entityRow, treeNode } from './tree-node.ts';

const SYSTEM = 'wdiov-system';
const FILTERS = 'the query keys are the list filters (…_like, …_equal)';
/** A parent menu, 0 being the top; blank or absent is the top too. */
const menuOrTop = z.union([z.literal(''), parentIdString]).optional();
const menuForest = z.array(entityRow).describe('Menus as a forest: each with its children');
const menuTrees = z.object({ menu: z.array(treeNode), dataScope: z.array(treeNode), apiScope: z.array(treeNode) });

export const menuRoutesRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/routes', summary: 'The screens the signed-in user may open, as a forest (of one top menu when topMenuId is given)',
  query: z.object({
    topMenuId: z.string().optional().refine((v) => !v || isIdText(v), { error: spoken('notId', { zh: '顶部菜单', en: 'The top menu' }) })
      .describe('A top menu: only the screens it gathers'),
  }),
  data: menuForest,
});

export const menuButtonsRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/buttons', summary: 'The buttons the signed-in user may press, under their screens, as a forest',
  data: menuForest,
});

export const menuListRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/list', summary: `Every menu as a forest in its order; a filtered list keeps the hits' ancestors; ${FILTERS}`,
  data: menuForest,
});

export const menuMenuListRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/menu-list', summary: 'The screens (no buttons) as a forest',
  data: menuForest,
});

const levelQuery = z.object({ parentId: menuOrTop.describe('The parent\'s id; empty, absent or 0: the top level') });
const levelRows = z.array(z.looseObject({ id: z.string(), hasChildren: z.boolean() }));

export const menuLazyListRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/lazy-list', summary: `The menus and buttons right below a parent, in their order; ${FILTERS}`,
  query: levelQuery, data: levelRows,
});

export const menuLazyMenuListRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/lazy-menu-list', summary: `The screens right below a parent, in their order; ${FILTERS}`,
  query: levelQuery, data: levelRows,
});

export const menuTreeRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/tree', summary: 'The screens as tree nodes titled by name',
  data: z.array(treeNode),
});

export const menuGrantTreeRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/grant-tree', summary: 'What a role may be granted: the menus within the tenant\'s package (and the caller\'s own), data scopes and API scopes under their menus',
  data: menuTrees,
});

export const menuRoleTreeKeysRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/role-tree-keys', summary: 'The menus, data scopes and API scopes the roles hold (roles of other tenants are left out)',
  query: z.object({ roleIds: idListParam({ zh: '角色', en: 'The roles' }, true) }),
  data: z.object({ menu: z.array(z.string()), dataScope: z.array(z.string()), apiScope: z.array(z.string()) }),
});

export const menuGrantTopTreeRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/grant-top-tree', summary: 'The screens a top menu may gather, as tree nodes',
  data: z.object({ menu: z.array(treeNode) }),
});

export const menuTopTreeKeysRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/top-tree-keys', summary: 'The screens the top menus gather',
  query: z.object({ topMenuIds: idListParam({ zh: '顶部菜单', en: 'The top menus' }, true) }),
  data: z.object({ menu: z.array(z.string()) }),
});

export const topMenuRoute = defineRoute({
  method: 'get', service: SYSTEM, path: '/menu/top-menu', summary: 'The top menus in their order',
  data: z.array(entityRow),
});
