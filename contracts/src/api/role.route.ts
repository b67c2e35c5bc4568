import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { idString, requiredId } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';
import { entityRow, treeNode } from './tree-node.ts';

const ROLE_ID = { zh: 'roleId', en: 'roleId' };

const grantedIds = z.array(idString).max(5000).default([]);

/** The roles of the caller's tenant as a forest (children under their parents), with the list filters of the query. */
export const roleListRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/role/list',
  summary: 'The roles as a forest in their order; the query keys are the list filters (roleName_like …)',
  data: z.array(entityRow),
});

/** Every role as tree nodes, for the user form's role picker. */
export const roleTreeRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/role/tree',
  summary: 'The roles as tree nodes titled by name',
  data: z.array(treeNode),
});

/** The roles a role may hand down: itself and its descendants. */
export const roleTreeByIdRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/role/tree-by-id',
  summary: 'A role and the roles below it as tree nodes',
  query: z.object({ roleId: requiredId(ROLE_ID) }),
  data: z.array(treeNode),
});

/** What roles are granted: their menus and top menus, data scopes and API scopes, replacing what they had. */
export const roleGrantBody = z.strictObject({
  roleIds: z.array(idString).min(1, { error: spoken('choose', { zh: '角色', en: 'the roles' }) }).max(100),
  menuIds: grantedIds,
  topMenuIds: grantedIds,
  dataScopeIds: grantedIds,
  apiScopeIds: grantedIds,
});
export type RoleGrantInput = z.input<typeof roleGrantBody>;

export const roleGrantRoute = defineRoute({
  method: 'post',
  service: 'wdiov-system',
  path: '/role/grant',
  summary: 'Grants roles their menus, data scopes and API scopes (what they had is replaced); menus outside the tenant\'s package are refused',
  body: roleGrantBody,
  data: z.object({}),
});

/** The menus a top menu gathers, replacing what it had. */
export const topMenuGrantBody = z.strictObject({
  topMenuIds: z.array(idString).min(1, { error: spoken('choose', { zh: '顶部菜单', en: 'the top menus' }) }).max(100),
  menuIds: grantedIds,
});
export type TopMenuGrantInput = z.input<typeof topMenuGrantBody>;

export const topMenuGrantRoute = defineRoute({
  method: 'post',
  service: 'wdiov-system',
  path: '/topmenu/grant',
  summary: 'Sets the menus of top menus (what they had is replaced)',
  body: topMenuGrantBody,
  data: z.object({}),
});

const ofUser = z.object({ userId: idString.optional().describe('The user; absent: the caller') });

/** The roles a user may switch to (switch mode): the user's own. */
export const roleSelectRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/role/select',
  summary: 'The roles of a user (default the caller), to switch between',
  query: ofUser,
  data: z.array(z.object({ id: z.string(), roleName: z.string() })),
});

/** The depts a user may switch to (switch mode): the user's own. */
export const deptSelectRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/dept/select',
  summary: 'The depts of a user (default the caller), to switch between',
  query: ofUser,
  data: z.array(z.object({ id: z.string(), deptName: z.string() })),
});
