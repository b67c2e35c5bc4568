import { inArray, or, sql } from 'drizzle-orm';
import {
  deptSelectRoute, roleGrantRoute, roleListRoute, roleSelectRoute, roleTreeByIdRoute, roleTreeRoute, topMenuGrantRoute,
} from '@wdiov/contracts/api/role.route';
import { Msg, parseIdList } from '@wdiov/contracts';
import { KickReason } from '../../auth/session-kicks.ts';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import { roleMenus, roleScopes, topMenuSettings } from '../../db/schema/index.ts';
import { nextId } from '../../lib/ids.ts';
import { forest, treeNodes } from '../../crud/tree.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, allMenus, packageMenuIds } from './grants.ts';
import { systemText } from '../../lib/texts/system-text.ts';

/** Role calls of wdiov-system: trees, select by user, and the grant of menus and scopes. */
export function roleRoutes(deps: BespokeDeps) {
  const { db, repos, policy, dataScopes, kicks } = deps;
  const router = createRouter();

  /**
   * Removing roles is the generic remove (declared, and its ids checked, with the role entity's
   * routes): this runs around it to see which roles went. The users who held a removed role then
   * sign in again, their tokens carrying it no more.
   */
  router.post('/role/remove', async (c, next) => {
    const principal = c.get('principal');
    const roleIds = parseIdList(c.req.query('ids') ?? c.req.query('id')) ?? [];
    const users = repos.get('user');
    const column = users.columns.roleId!;
    const holding = roleIds.length === 0 ? [] : await users.all(principal, ALL, [or(...roleIds.map((id) => sql`',' || ${column} || ',' LIKE ${'%,' + id + ',%'}`))!]);
    await next();
    const gone = new Set<string>();
    for (const id of roleIds) if (!(await repos.get('role').findRow(principal, id))) gone.add(id);
    for (const user of holding) {
      if (String(user.roleId ?? '').split(',').some((r) => gone.has(r))) await kicks?.kick(String(user.id), KickReason.identityChanged, { revoke: true });
    }
  });

  // The list's filters are the whole query, read raw as the generic list reads it: a key that is no field of the role is ignored there.
  router.openapi(routeOf(roleListRoute), async (c) => data(c, forest(await repos.get('role').all(c.get('principal'), { ...listQueryOf(c.req.query()), ascs: ['sort'] }))));
  router.openapi(routeOf(roleTreeRoute), async (c) => data(c, treeNodes(await repos.get('role').all(c.get('principal'), { ...ALL, ascs: ['sort'] }), 'roleName')));
  router.openapi(routeOf(roleTreeByIdRoute), async (c) => {
    const { roleId } = c.req.valid('query');
    const roles = await repos.get('role').all(c.get('principal'), { ...ALL, ascs: ['sort'] });
    // The roles a role may hand down: itself and its descendants.
    const below = new Set([roleId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const r of roles) if (below.has(String(r.parentId)) && !below.has(String(r.id))) { below.add(String(r.id)); grew = true; }
    }
    return data(c, treeNodes(roles.filter((r) => below.has(String(r.id))), 'roleName'));
  });

  router.openapi(routeOf(roleGrantRoute), async (c) => {
    const principal = c.get('principal');
    const body = c.req.valid('json');
    const roles = await repos.get('role').all(principal, ALL);
    const foreign = body.roleIds.find((id) => !roles.some((r) => String(r.id) === id));
    if (foreign) throw badRequest(`${systemText('roleMissing', { id: foreign })} [roleIds]`);
    const menuIds = new Set((await allMenus(repos, principal)).map((m) => String(m.id)));
    const pkg = await packageMenuIds(repos, principal);
    const badMenu = body.menuIds.find((id) => !menuIds.has(id) || (pkg && !pkg.has(id)));
    if (badMenu) throw badRequest(`${systemText('menuOutsidePackage', { id: badMenu })} [menuIds]`);
    for (const [key, entity, list] of [['dataScopeIds', 'dataScope', body.dataScopeIds], ['apiScopeIds', 'apiScope', body.apiScopeIds]] as const) {
      const known = new Set((await repos.get(entity).all(principal, ALL)).map((s) => String(s.id)));
      const bad = list.find((id) => !known.has(id));
      if (bad) throw badRequest(`${systemText('scopeMissing', { id: bad })} [${key}]`);
    }
    await db.transaction(async (tx) => {
      await tx.delete(roleMenus).where(inArray(roleMenus.roleId, body.roleIds));
      await tx.delete(roleScopes).where(inArray(roleScopes.roleId, body.roleIds));
      for (const roleId of body.roleIds) {
        if (body.menuIds.length) await tx.insert(roleMenus).values(body.menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })));
        const scopes = [...body.dataScopeIds.map((id) => [1, id] as const), ...body.apiScopeIds.map((id) => [2, id] as const)];
        if (scopes.length) await tx.insert(roleScopes).values(scopes.map(([scopeCategory, scopeId]) => ({ id: nextId(), roleId, scopeCategory, scopeId })));
      }
    });
    policy.invalidate();
    dataScopes.invalidate();
    const granted = { menuIds: body.menuIds, dataScopeIds: body.dataScopeIds, apiScopeIds: body.apiScopeIds };
    for (const id of body.roleIds) repos.get('role').record({ principal, action: 'grant', id, changes: granted });
    return success(c, Msg.success);
  });

  router.openapi(routeOf(topMenuGrantRoute), async (c) => {
    const principal = c.get('principal');
    const body = c.req.valid('json');
    const tops = new Set((await repos.get('topMenu').all(principal, ALL)).map((t) => String(t.id)));
    const badTop = body.topMenuIds.find((id) => !tops.has(id));
    if (badTop) throw badRequest(`${systemText('topMenuMissing', { id: badTop })} [topMenuIds]`);
    const menuIds = new Set((await allMenus(repos, principal)).map((m) => String(m.id)));
    const badMenu = body.menuIds.find((id) => !menuIds.has(id));
    if (badMenu) throw badRequest(`${systemText('menuMissing', { id: badMenu })} [menuIds]`);
    await db.transaction(async (tx) => {
      await tx.delete(topMenuSettings).where(inArray(topMenuSettings.topMenuId, body.topMenuIds));
      for (const topMenuId of body.topMenuIds) {
        if (body.menuIds.length) await tx.insert(topMenuSettings).values(body.menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })));
      }
    });
    // Menu routes cached per role set depend on the top menus' contents.
    policy.invalidate();
    for (const id of body.topMenuIds) repos.get('topMenu').record({ principal, action: 'grant', id, changes: { menuIds: body.menuIds } });
    return success(c, Msg.success);
  });

  /** Roles and depts a user may switch to (switch mode): the user's own. */
  const ofUser = async (principal: Principal, userId: string | undefined, entity: 'role' | 'dept', field: 'roleId' | 'deptId', label: string) => {
    const user = await repos.get('user').detail(principal, userId ?? principal.userId);
    if (!user) return [];
    const own = new Set(String(user[field] ?? '').split(',').filter(Boolean));
    const rows = await repos.get(entity).all(principal, ALL);
    return rows.filter((r) => own.has(String(r.id))).map((r): Json => ({ id: r.id, [label]: r[label] }));
  };
  router.openapi(routeOf(roleSelectRoute), async (c) =>
    data(c, await ofUser(c.get('principal'), c.req.valid('query').userId, 'role', 'roleId', 'roleName') as { id: string; roleName: string }[]));
  router.openapi(routeOf(deptSelectRoute), async (c) =>
    data(c, await ofUser(c.get('principal'), c.req.valid('query').userId, 'dept', 'deptId', 'deptName') as { id: string; deptName: string }[]));
  return router;
}
