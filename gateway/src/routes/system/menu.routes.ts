import {
  menuButtonsRoute, menuGrantTopTreeRoute, menuGrantTreeRoute, menuLazyListRoute, menuLazyMenuListRoute, menuListRoute,
  menuMenuListRoute, menuRoleTreeKeysRoute, menuRoutesRoute, menuTopTreeKeysRoute, menuTreeRoute, topMenuRoute,
} from '@wdiov/contracts/api/menu.route';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, dataText, sendDataText, type DataText } from '../../lib/envelope.ts';
import { isPlatformAdministrator, type Principal } from '../../crud/principal.ts';
import { forest, treeNodes, withAncestors } from '../../crud/tree.ts';
import type { Json } from '../../crud/serialize.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { RoleSetCache } from './menu-cache.ts';
import { ALL, allMenus, menuIdsOfRoles, menuIdsOfTopMenus, packageMenuIds, scopeIdsOfRoles } from './grants.ts';

type Level = Json & { id: string; hasChildren: boolean };

/** Menu calls of wdiov-system: routes and buttons of the signed-in user, trees for grants, lazy lists. */
export function menuRoutes({ db, repos, policy, dataScopes }: BespokeDeps) {
  const router = createRouter();
  /** Routes and buttons of a role set as the JSON text of their answer: a shift's sign-ins send the same text. */
  const trees = new RoleSetCache<DataText<Json[]>>(policy);

  /** Who the menus depend on: the role set, and the person too when a data scope narrows menus. */
  const cacheKey = async (principal: Principal, ...parts: string[]) => {
    const menu = repos.get('menu');
    const personal = await dataScopes.condition(menu.entity, menu.columns, principal);
    return RoleSetCache.keyOf(principal, ...parts, personal ? `${principal.userId}:${principal.deptIds.join(',')}` : '');
  };

  /** Menus (or buttons) the caller may see: granted ∪ ancestors, within the tenant's package. */
  const visible = async (principal: Principal, category: 1 | 2, topMenuId?: string) => {
    const menus = await allMenus(repos, principal);
    const pkg = await packageMenuIds(repos, principal);
    // Every menu for the platform administrator; another tenant's administrator role sees what its roles hold.
    let allowed: Set<string> | null = isPlatformAdministrator(principal) ? null : await menuIdsOfRoles(db, principal.roleIds);
    if (pkg) allowed = new Set([...(allowed ?? pkg)].filter((id) => pkg.has(id)));
    if (topMenuId) {
      const top = await menuIdsOfTopMenus(db, [topMenuId]);
      allowed = new Set([...(allowed ?? menus.map((m) => String(m.id)))].filter((id) => top.has(id)));
    }
    const own = menus.filter((m) => Number(m.category) === category && (!allowed || allowed.has(String(m.id))));
    const keep = withAncestors(menus, new Set(own.map((m) => String(m.id))));
    return menus.filter((m) => keep.has(String(m.id)) && (Number(m.category) === 1 || category === 2));
  };

  const visibleForest = async (principal: Principal, category: 1 | 2, topMenuId?: string) =>
    trees.get(await cacheKey(principal, String(category), topMenuId ?? ''), async () => dataText(forest(await visible(principal, category, topMenuId))));

  router.openapi(routeOf(menuRoutesRoute), async (c) =>
    sendDataText(c, await visibleForest(c.get('principal'), 1, c.req.valid('query').topMenuId || undefined)));

  router.openapi(routeOf(menuButtonsRoute), async (c) => sendDataText(c, await visibleForest(c.get('principal'), 2)));

  router.openapi(routeOf(menuListRoute), async (c) => {
    const query = listQueryOf(c.req.query());
    const rows = await repos.get('menu').all(c.get('principal'), { ...query, ascs: ['sort'] });
    // A filtered list keeps the ancestors of its hits, so the tree stays connected.
    if (query.filters.length === 0) return data(c, forest(rows));
    const all = await allMenus(repos, c.get('principal'));
    const keep = withAncestors(all, new Set(rows.map((r) => String(r.id))));
    return data(c, forest(all.filter((m) => keep.has(String(m.id)))));
  });

  router.openapi(routeOf(menuMenuListRoute), async (c) => {
    const rows = await allMenus(repos, c.get('principal'));
    return data(c, forest(rows.filter((m) => Number(m.category) === 1)));
  });

  const level = async (principal: Principal, onlyMenus: boolean, parentId: string, params: Record<string, string>): Promise<Level[]> => {
    const { parentId: _p, ...rest } = params;
    const query = listQueryOf(rest);
    const all = await allMenus(repos, principal);
    const hasChildren = new Set(all.map((m) => String(m.parentId)));
    const rows = await repos.get('menu').all(principal, {
      ...query, ascs: ['sort'],
      filters: [...query.filters, { key: 'parentId', field: 'parentId', column: 'parent_id', op: 'equal', value: parentId }],
    });
    return rows.filter((m) => !onlyMenus || Number(m.category) === 1).map((m) => ({ ...m, hasChildren: hasChildren.has(String(m.id)) }) as Level);
  };
  router.openapi(routeOf(menuLazyListRoute), async (c) => data(c, await level(c.get('principal'), false, c.req.valid('query').parentId || '0', c.req.query())));
  router.openapi(routeOf(menuLazyMenuListRoute), async (c) => data(c, await level(c.get('principal'), true, c.req.valid('query').parentId || '0', c.req.query())));

  router.openapi(routeOf(menuTreeRoute), async (c) => {
    const rows = await allMenus(repos, c.get('principal'));
    return data(c, treeNodes(rows.filter((m) => Number(m.category) === 1), 'name'));
  });

  router.openapi(routeOf(menuGrantTreeRoute), async (c) => {
    const principal = c.get('principal');
    const all = await allMenus(repos, principal);
    const pkg = await packageMenuIds(repos, principal);
    let menus = pkg ? all.filter((m) => pkg.has(String(m.id))) : all;
    if (!isPlatformAdministrator(principal)) {
      const own = await menuIdsOfRoles(db, principal.roleIds);
      menus = menus.filter((m) => own.has(String(m.id)));
    }
    const keep = withAncestors(all, new Set(menus.map((m) => String(m.id))));
    const scopeTree = async (entity: 'dataScope' | 'apiScope') => {
      const scopes = await repos.get(entity).all(principal, ALL);
      const owners = withAncestors(all, new Set(scopes.map((s) => String(s.menuId))));
      const menuNodes = all.filter((m) => owners.has(String(m.id)) && Number(m.category) === 1);
      const leaves: Json[] = scopes.map((s) => ({ id: s.id, parentId: s.menuId, name: s.scopeName }));
      return treeNodes([...menuNodes, ...leaves], 'name');
    };
    return data(c, {
      menu: treeNodes(all.filter((m) => keep.has(String(m.id))), 'name'),
      dataScope: await scopeTree('dataScope'),
      apiScope: await scopeTree('apiScope'),
    });
  });

  router.openapi(routeOf(menuRoleTreeKeysRoute), async (c) => {
    const { roleIds } = c.req.valid('query');
    const roles = await repos.get('role').all(c.get('principal'), ALL);
    const mine = roleIds.filter((id) => roles.some((r) => String(r.id) === id));
    return data(c, {
      menu: [...(await menuIdsOfRoles(db, mine))],
      dataScope: await scopeIdsOfRoles(db, mine, 1),
      apiScope: await scopeIdsOfRoles(db, mine, 2),
    });
  });

  router.openapi(routeOf(menuGrantTopTreeRoute), async (c) => {
    const rows = await allMenus(repos, c.get('principal'));
    return data(c, { menu: treeNodes(rows.filter((m) => Number(m.category) === 1), 'name') });
  });

  router.openapi(routeOf(menuTopTreeKeysRoute), async (c) => {
    const ids = c.req.valid('query').topMenuIds;
    return data(c, { menu: [...(await menuIdsOfTopMenus(db, ids))] });
  });

  router.openapi(routeOf(topMenuRoute), async (c) => data(c, await repos.get('topMenu').all(c.get('principal'), { ...ALL, ascs: ['sort'] })));

  return router;
}
