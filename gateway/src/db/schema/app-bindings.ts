import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * The fleet vehicles a user's mobile app is bound to (wdiov-vehteam vehicle/appBind): the app
 * shows and unlocks these. One row per user and vehicle; a bind call replaces the user's set.
 */
export const appVehicleBindings = pgTable(
  'wdiov_app_vehicle_binding',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: idColumn('user_id').notNull(),
    /** The fleet roster entry (wdiov_team_vehicle) bound. */
    teamVehicleId: idColumn('team_vehicle_id').notNull(),
    createTime: timeColumn('create_time').notNull(),
  },
  (t) => [
    uniqueIndex('wdiov_app_vehicle_binding_user_id_team_vehicle_id_uq').on(t.userId, t.teamVehicleId),
    index('wdiov_app_vehicle_binding_tenant_id_team_vehicle_id_idx').on(t.tenantId, t.teamVehicleId),
  ],
);
