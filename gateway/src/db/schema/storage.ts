import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * Every object written to a tenant's store: the opaque name its link carries, the tenant it
 * belongs to, which store holds it (`local` or the id of the oss configuration it was written
 * through, so a switch of the active store leaves earlier files readable) and its size, from
 * which the daily upload quotas are counted. A removed object keeps its row (`removed_at`): what
 * was uploaded today still counts against today's quota.
 */
export const storedObject = pgTable(
  'wdiov_stored_object',
  {
    /** `<32 hex>.<ext>`: 128 random bits, no tenant, no date. */
    name: varchar('name', { length: 48 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    store: varchar('store', { length: 24 }).notNull(),
    /** The key inside the store (`<tenant>/<yyyyMMdd>/<name>`). */
    objectKey: varchar('object_key', { length: 120 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createUser: idColumn('create_user').notNull(),
    createTime: timeColumn('create_time').notNull(),
    removedAt: timeColumn('removed_at'),
  },
  (t) => [
    index('wdiov_stored_object_tenant_id_create_time_idx').on(t.tenantId, t.createTime),
  ],
);
