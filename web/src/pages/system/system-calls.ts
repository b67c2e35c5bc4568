import { deptTreeRoutes } from '@wdiov/contracts/api/dept-dict.route';
import {
  menuGrantTopTreeRoute, menuGrantTreeRoute, menuLazyListRoute, menuRoleTreeKeysRoute, menuTopTreeKeysRoute,
} from '@wdiov/contracts/api/menu.route';
import { regionLazyTreeRoute } from '@wdiov/contracts/api/region.route';
import { userGrantRoute, userResetPasswordRoute, userUnlockRoute } from '@wdiov/contracts/api/user.route';
import { roleGrantRoute, roleTreeRoute, topMenuGrantRoute, type RoleGrantInput, type TopMenuGrantInput } from '@wdiov/contracts/api/role.route';
import { callRoute } from '../../api/call-route';
import type { HttpClient } from '../../api/http';
import type { Row } from '../../crud/crud-api';
import { treeAnswerToNodes } from '../../crud/tree-nodes';

/** Trees of a grant: the menu, data-scope and API-scope trees, or the menu tree alone (top menus). */
export interface GrantTrees {
  menu?: Row[];
  dataScope?: Row[];
  apiScope?: Row[];
}
export type GrantKeys = Partial<Record<keyof GrantTrees, string[]>>;

/** The system screens' calls beside the generic CRUD (spec part 1 §7). */
export function systemCalls(http: HttpClient) {
  const idsParam = (ids: string[]) => ids.join(',');
  return {
    deptTree: async () => treeAnswerToNodes(await callRoute(http, deptTreeRoutes.tree, {})),
    roleTree: async () => treeAnswerToNodes(await callRoute(http, roleTreeRoute, {})),
    regionChildren: async (parentCode?: string) => treeAnswerToNodes(await callRoute(http, regionLazyTreeRoute, { query: parentCode ? { parentCode } : {} })),
    menuLazyList: (parentId: string, params: Record<string, string> = {}): Promise<Row[]> => callRoute(http, menuLazyListRoute, { query: { ...params, parentId } }),
    grantTree: (): Promise<GrantTrees> => callRoute(http, menuGrantTreeRoute, {}),
    roleTreeKeys: (roleIds: string[]): Promise<GrantKeys> => callRoute(http, menuRoleTreeKeysRoute, { query: { roleIds: idsParam(roleIds) } }),
    grantRoles: (body: RoleGrantInput) => callRoute(http, roleGrantRoute, { body }),
    grantTopTree: (): Promise<GrantTrees> => callRoute(http, menuGrantTopTreeRoute, {}),
    topTreeKeys: (topMenuIds: string[]): Promise<GrantKeys> => callRoute(http, menuTopTreeKeysRoute, { query: { topMenuIds: idsParam(topMenuIds) } }),
    grantTopMenus: (body: TopMenuGrantInput) => callRoute(http, topMenuGrantRoute, { body }),
    grantUserRoles: (userIds: string[], roleIds: string[]) => callRoute(http, userGrantRoute, { query: { userIds: idsParam(userIds), roleIds: idsParam(roleIds) } }),
    resetPasswords: (userIds: string[]) => callRoute(http, userResetPasswordRoute, { query: { userIds: idsParam(userIds) } }),
    unlockUsers: (userIds: string[]) => callRoute(http, userUnlockRoute, { query: { userIds: idsParam(userIds) } }),
  };
}

export type SystemCalls = ReturnType<typeof systemCalls>;
