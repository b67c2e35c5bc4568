import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../table-from-entity.ts';

/** Menus and buttons granted to a role. */
export const roleMenus = pgTable(
  'wdiov_role_menu',
  { id: idColumn('id').primaryKey(), menuId: idColumn('menu_id').notNull(), roleId: idColumn('role_id').notNull() },
  (t) => [uniqueIndex('wdiov_role_menu_role_id_menu_id_uq').on(t.roleId, t.menuId), index('wdiov_role_menu_menu_id_idx').on(t.menuId)],
);

/** Data scopes (category 1) and API scopes (category 2) granted to a role. */
export const roleScopes = pgTable(
  'wdiov_role_scope',
  {
    id: idColumn('id').primaryKey(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: idColumn('scope_id').notNull(),
    roleId: idColumn('role_id').notNull(),
  },
  (t) => [uniqueIndex('wdiov_role_scope_role_id_scope_id_uq').on(t.roleId, t.scopeCategory, t.scopeId)],
);

/** Menus shown under a top menu. */
export const topMenuSettings = pgTable(
  'wdiov_top_menu_setting',
  { id: idColumn('id').primaryKey(), topMenuId: idColumn('top_menu_id').notNull(), menuId: idColumn('menu_id').notNull() },
  (t) => [uniqueIndex('wdiov_top_menu_setting_top_menu_id_menu_id_uq').on(t.topMenuId, t.menuId)],
);

/** Per-platform extra data of a user (update-platform / platform-detail). */
export const userPlatforms = pgTable(
  'wdiov_user_platform',
  {
    id: idColumn('id').primaryKey(),
    userId: idColumn('user_id').notNull(),
    userType: integer('user_type').notNull(),
    userExt: varchar('user_ext', { length: 2000 }),
  },
  (t) => [uniqueIndex('wdiov_user_platform_user_id_user_type_uq').on(t.userId, t.userType)],
);
