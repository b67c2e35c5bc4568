import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_TENANT_ID, entityByName } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { menuTable, roleMenus } from '../db/schema/index.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { nextId } from '../lib/ids.ts';
import { STANDARD_BUTTONS, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';

/** BladeX's button action: 1 toolbar, 2 row, 3 both. */
const ACTION_OF = { add: 1, edit: 2, delete: 3, view: 2 } as const;

/**
 * Adds the menus and buttons of the tree that the database lacks (matched by code), granting
 * each new one to the administrator role. Runs at every start, so a new entity's screen appears
 * without touching existing data; menus an administrator edited or removed are left alone.
 */
export async function ensureMenus(db: Db, repos: Repositories, tree: MenuSeed[], adminRoleId: string): Promise<number> {
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const menus = repos.get('menu');
  const m = getTableColumns(menuTable) as Record<string, PgColumn>;
  const existing = new Map<string, string>(
    (await db.select({ id: m.id!, code: m.code! }).from(menuTable).where(eq(m.isDeleted!, 0))).map((r) => [String(r.code), String(r.id)]),
  );
  let added = 0;
  const ensure = async (code: string, values: Record<string, unknown>): Promise<string> => {
    const found = existing.get(code);
    if (found) return found;
    const id = await menus.insert(sys, { code, ...values });
    await db.insert(roleMenus).values({ id: nextId(), roleId: adminRoleId, menuId: id }).onConflictDoNothing();
    existing.set(code, id);
    added++;
    return id;
  };
  const walk = async (items: MenuSeed[], parentId: string) => {
    let sort = 1;
    for (const item of items) {
      const id = await ensure(item.code, {
        parentId, name: item.name, alias: 'menu', path: item.path, source: item.icon ?? '', sort: sort++, category: 1, action: 0, isOpen: item.isOpen ?? 1,
      });
      const entity = item.entity ? entityByName(item.entity) : undefined;
      let bSort = 1;
      if (entity) {
        for (const [alias, name, , op] of STANDARD_BUTTONS) {
          if (item.without?.includes(alias)) continue;
          await ensure(`${item.code}_${alias}`, { parentId: id, name, alias, path: `${entity.basePath}/${op}`, source: '', sort: bSort++, category: 2, action: ACTION_OF[alias], isOpen: 1 });
        }
      }
      for (const [alias, name, apiPath] of item.buttons ?? []) {
        await ensure(`${item.code}_${alias}`, { parentId: id, name, alias, path: apiPath, source: '', sort: bSort++, category: 2, action: 2, isOpen: 1 });
      }
      if (item.children) await walk(item.children, id);
    }
  };
  await walk(tree, '0');
  return added;
}
