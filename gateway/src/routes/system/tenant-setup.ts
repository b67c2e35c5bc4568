import { entities, Msg, ADMIN_TENANT_ID } from '@wdiov/contracts';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { createRouter } from '../../lib/create-app.ts';
import { success } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { menuTable, roleMenus } from '../../db/schema/index.ts';
import { nextId } from '../../lib/ids.ts';
import { ADMIN_ONLY, matchesAny } from '../../auth/read-grants.ts';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';
import { systemText } from '../../lib/texts/system-text.ts';

/** Role alias of a tenant's own administrator (BladeX `admin`): its grants apply, unlike the platform's `administrator`. */
export const TENANT_ADMIN_ALIAS = 'admin';

/** Screens of the platform (tenants, clients, params, menus, logs, code generation): not granted to a tenant. */
function platformScreens(tree: MenuSeed[] = menuTree()): Set<string> {
  const out = new Set<string>();
  const walk = (items: MenuSeed[]) => {
    for (const m of items) {
      const e = m.entity ? entities[m.entity as keyof typeof entities] : undefined;
      if (e && (e.platform || matchesAny(ADMIN_ONLY, `${e.basePath}/page`))) out.add(m.code);
      walk(m.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/**
 * Adding a tenant makes it usable at once, as BladeX does: its id is generated when not given,
 * and it gets an administrator role holding every screen but the platform's, a top department,
 * a post and an `admin` account whose password is the `account.initPassword` parameter.
 */
export function tenantSetupRoutes({ repos, db, policy }: BespokeDeps) {
  const router = createRouter();
  const platform = systemPrincipal(ADMIN_TENANT_ID);

  async function freeTenantId(): Promise<string> {
    const taken = new Set((await repos.get('tenant').all(platform, ALL)).map((t) => String(t.tenantId)));
    for (let n = 1; n < 1_000_000; n++) {
      const id = String(n).padStart(6, '0');
      if (!taken.has(id)) return id;
    }
    throw badRequest(systemText('tenantIdsUsedUp'));
  }

  async function grantTenantScreens(roleId: string): Promise<void> {
    const m = getTableColumns(menuTable) as Record<string, PgColumn>;
    const menus = await db.select({ id: m.id!, code: m.code!, parentId: m.parentId! }).from(menuTable).where(eq(m.isDeleted!, 0));
    const excluded = platformScreens();
    const excludedIds = new Set(menus.filter((r) => excluded.has(String(r.code))).map((r) => String(r.id)));
    const granted = menus.filter((r) => !excludedIds.has(String(r.id)) && !excludedIds.has(String(r.parentId)));
    if (granted.length > 0) await db.insert(roleMenus).values(granted.map((r) => ({ id: nextId(), roleId, menuId: String(r.id) })));
    policy.invalidate();
  }

  router.post('/tenant/submit', async (c, next) => {
    const body = await readJson(c);
    const id = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
    if (id !== undefined && id !== null && id !== '') return next(); // an update: the generic route
    const values = parseWith(entities.tenant.submitSchema.add, body) as Record<string, unknown>;
    const tenantId = typeof values.tenantId === 'string' && values.tenantId !== '' ? values.tenantId : await freeTenantId();
    if (await repos.get('tenant').exists(platform, 'tenantId', tenantId)) throw badRequest(`${systemText('tenantIdTaken', { id: tenantId })} [tenantId]`);
    await repos.get('tenant').insert(c.get('principal'), { ...values, tenantId });
    const sys = systemPrincipal(tenantId);
    const name = String(values.tenantName);
    const roleId = await repos.get('role').insert(sys, { parentId: '0', roleName: '管理员', roleAlias: TENANT_ADMIN_ALIAS, sort: 1 });
    const deptId = await repos.get('dept').insert(sys, { parentId: '0', deptCategory: 1, deptName: name.slice(0, 45), fullName: name.slice(0, 45), sort: 1 });
    const postId = await repos.get('post').insert(sys, { category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 });
    // No password given: the user behaviour sets the account.initPassword parameter's.
    await repos.get('user').insert(sys, { account: 'admin', name: '管理员', realName: '管理员', roleId, deptId, postId, userType: 1 });
    await grantTenantScreens(roleId);
    return success(c, Msg.added);
  });
  return router;
}
