import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * Share links of one vehicle's live position: a signed, expiring token names one of these rows,
 * which can be revoked before the token expires. A link shows that vehicle only (its VIN is kept
 * with the row, so a link keeps naming the vehicle it was made for).
 */
export const vehicleShare = pgTable(
  'wdiov_vehicle_share',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    vehicleId: idColumn('vehicle_id').notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    createUser: idColumn('create_user'),
    createTime: timeColumn('create_time').notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
    revokedAt: timeColumn('revoked_at'),
    remark: varchar('remark', { length: 100 }),
  },
  (t) => [index('wdiov_vehicle_share_tenant_id_vehicle_id_idx').on(t.tenantId, t.vehicleId)],
);
