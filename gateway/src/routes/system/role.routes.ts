import { inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idString, Msg, parseIdList } from '@wdiov/contracts';
import { KickReason } from '../../auth/session-kicks.ts';
import { createRouter } from '../../lib/create-app.ts';
import type { Ctx } from '../../lib/types.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { roleMenus, roleScopes, topMenuSettings } from '../../db/schema/index.ts';
import { nextId } from '../../lib/ids.ts';
import { forest, treeNodes } from '../../crud/tree.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, allMenus, packageMenuIds } from './grants.ts';
import { systemText } from '../../lib/texts/system-text.ts';

const ids = z.array(idString).max(5000).default([]);
const GrantBody = z.strictObject({ roleIds: z.array(idString).min(1, { error: () => systemText('chooseRoles') }).max(100), menuIds: ids, topMenuIds: ids, dataScopeIds: ids, apiScopeIds: ids });
const TopGrantBody = z.strictObject({ topMenuIds: z.array(idString).min(1, { error: () => systemText('chooseTopMenus') }).max(100), menuIds: ids });

/** Role calls of wdiov-system: trees, select by user, and the grant of menus and scopes. */
export function roleRoutes(deps: BespokeDeps) {
  const { db, repos, policy, dataScopes, kicks } = deps;
  const router = createRouter();

  /** Removing roles is the generic remove; the users who held a removed role then sign in again, their tokens carrying it no more. */
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

  router.get('/role/list', async (c) => data(c, forest(await repos.get('role').all(c.get('principal'), { ...listQueryOf(c.req.query()), ascs: ['sort'] }))));
  router.get('/role/tree', async (c) => data(c, treeNodes(await repos.get('role').all(c.get('principal'), { ...ALL, ascs: ['sort'] }), 'roleName')));
  router.get('/role/tree-by-id', async (c) => {
    const roleId = parseWith(idString, c.req.query('roleId') ?? '');
    const roles = await repos.get('role').all(c.get('principal'), { ...ALL, ascs: ['sort'] });
    // The roles a role may hand down: itself and its descendants.
    const below = new Set([roleId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const r of roles) if (below.has(String(r.parentId)) && !below.has(String(r.id))) { below.add(String(r.id)); grew = true; }
    }
    return data(c, treeNodes(roles.filter((r) => below.has(String(r.id))), 'roleName'));
  });

  router.post('/role/grant', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(GrantBody, await readJson(c));
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

  router.post('/topmenu/grant', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(TopGrantBody, await readJson(c));
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
  const ofUser = (entity: 'role' | 'dept', field: 'roleId' | 'deptId', label: string) => async (c: Ctx) => {
    const principal = c.get('principal');
    const userId = parseWith(idString, c.req.query('userId') ?? principal.userId);
    const user = await repos.get('user').detail(principal, userId);
    if (!user) return data(c, []);
    const own = new Set(String(user[field] ?? '').split(',').filter(Boolean));
    const rows = await repos.get(entity).all(principal, ALL);
    return data(c, rows.filter((r) => own.has(String(r.id))).map((r) => ({ id: r.id, [label]: r[label] })));
  };
  router.get('/role/select', ofUser('role', 'roleId', 'roleName'));
  router.get('/dept/select', ofUser('dept', 'deptId', 'deptName'));
  return router;
}
