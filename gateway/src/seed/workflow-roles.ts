import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { menuTable, roleMenus, roleTable } from '../db/schema/index.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { nextId } from '../lib/ids.ts';

/** A seeded role: the screens it sees (menu codes) and, on each, the buttons it may press. */
export interface RoleSeed {
  roleAlias: string;
  roleName: string;
  screens: Record<string, readonly string[]>;
}

/**
 * The back-office roles of the workflows, split so that no one audits what they submit: the
 * operator drafts and submits dispatch orders and bills, moves stock and records sales; the
 * auditor audits bills and reads dispatch orders. Their groups (fleet team, logistics) come
 * with them so the menu shows the screens.
 */
export const WORKFLOW_ROLES: readonly RoleSeed[] = [
  {
    roleAlias: 'operator', roleName: '业务经办', screens: {
      vehteam: [], pm: [],
      dispatch: ['add', 'edit', 'view', 'deploy', 'revoke', 'close'],
      bill: ['add', 'edit', 'view'],
      vehicle_pm: ['view', 'sales'],
      storage_record: ['add', 'view'],
      movement_record: ['add', 'view'],
      logistics_record: ['add', 'edit', 'view'],
      operate_record: ['view', 'base', 'logistics', 'movement'],
      team_vehicle: ['view', 'appbind', 'report', 'timeline'],
    },
  },
  {
    roleAlias: 'auditor', roleName: '业务审核', screens: {
      vehteam: [],
      bill: ['view', 'audit'],
      dispatch: ['view'],
    },
  },
];

/**
 * Adds the seeded roles the platform tenant lacks (matched by alias) with their grants. A role
 * that exists is left alone, so an administrator's changes to its grants stand. Runs after the
 * menus exist; answers how many roles were added.
 */
export async function ensureWorkflowRoles(db: Db, repos: Repositories, roles: readonly RoleSeed[] = WORKFLOW_ROLES): Promise<number> {
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const r = getTableColumns(roleTable) as Record<string, PgColumn>;
  const m = getTableColumns(menuTable) as Record<string, PgColumn>;
  const menuIds = new Map((await db.select({ id: m.id!, code: m.code! }).from(menuTable).where(eq(m.isDeleted!, 0))).map((x) => [String(x.code), String(x.id)]));
  let added = 0;
  let sort = 10;
  for (const role of roles) {
    const [exists] = await db.select({ id: r.id! }).from(roleTable)
      .where(and(eq(r.tenantId!, ADMIN_TENANT_ID), eq(r.roleAlias!, role.roleAlias), eq(r.isDeleted!, 0))).limit(1);
    sort++;
    if (exists) continue;
    const roleId = await repos.get('role').insert(sys, { parentId: '0', roleName: role.roleName, roleAlias: role.roleAlias, sort });
    const codes = Object.entries(role.screens).flatMap(([screen, buttons]) => [screen, ...buttons.map((b) => `${screen}_${b}`)]);
    const grants = codes.flatMap((code) => (menuIds.has(code) ? [{ id: nextId(), roleId, menuId: menuIds.get(code)! }] : []));
    if (grants.length) await db.insert(roleMenus).values(grants).onConflictDoNothing();
    added++;
  }
  return added;
}
