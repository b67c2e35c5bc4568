import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import type { Db } from '../../db/client.ts';
import { roleMenus, roleScopes, topMenuSettings } from '../../db/schema/index.ts';
import type { Principal } from '../../crud/principal.ts';
import type { Repositories } from '../../crud/repositories.ts';
import type { Json } from '../../crud/serialize.ts';

export const ALL = { filters: [], ascs: [], descs: [] };

/** Menus and buttons granted to roles (role_menu). */
export async function menuIdsOfRoles(db: Db, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
  return new Set(rows.map((r) => String(r.id)));
}

export async function scopeIdsOfRoles(db: Db, roleIds: string[], category: 1 | 2): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ id: roleScopes.scopeId }).from(roleScopes)
    .where(and(inArray(roleScopes.roleId, roleIds), eq(roleScopes.scopeCategory, category)));
  return [...new Set(rows.map((r) => String(r.id)))];
}

export async function menuIdsOfTopMenus(db: Db, topMenuIds: string[]): Promise<Set<string>> {
  if (topMenuIds.length === 0) return new Set();
  const rows = await db.select({ id: topMenuSettings.menuId }).from(topMenuSettings).where(inArray(topMenuSettings.topMenuId, topMenuIds));
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * The menus a tenant may use at all: those of its product package, or every menu for the
 * platform tenant and for tenants without a package.
 */
export async function packageMenuIds(repos: Repositories, principal: Principal): Promise<Set<string> | null> {
  if (principal.tenantId === ADMIN_TENANT_ID) return null;
  const platform = { ...principal, tenantId: ADMIN_TENANT_ID };
  const [tenant] = await repos.get('tenant').all(platform, { ...ALL, filters: [{ key: 'tenantId', field: 'tenantId', column: 'tenant_id', op: 'equal', value: principal.tenantId }] });
  if (!tenant?.packageId) return null;
  const pkg = await repos.get('tenantPackage').detail(platform, String(tenant.packageId));
  return pkg ? new Set(String(pkg.menuId ?? '').split(',').filter(Boolean)) : new Set();
}

/** All live menus (and buttons) as wire rows, sorted. */
export async function allMenus(repos: Repositories, principal: Principal): Promise<Json[]> {
  return repos.get('menu').all(principal, { ...ALL, ascs: ['sort'] });
}
