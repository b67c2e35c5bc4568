import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * The audit trail of workflow transitions: one row per state change of a dispatch order, a
 * bill …, written in the transaction that changes the state, so a trail row exists exactly when
 * the change happened. Read per record (its detail view), hence the index.
 */
export const workflowTrail = pgTable(
  'wdiov_workflow_trail',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** The entity's registry name (`dispatch`, `bill`). */
    entity: varchar('entity', { length: 64 }).notNull(),
    recordId: idColumn('record_id').notNull(),
    /** The transition's name in its workflow (`deploy`, `reject` …). */
    action: varchar('action', { length: 64 }).notNull(),
    fromState: integer('from_state').notNull(),
    toState: integer('to_state').notNull(),
    /** Reason, opinion or remark the transition took. */
    remark: varchar('remark', { length: 500 }),
    userId: idColumn('user_id').notNull(),
    /** The account as it was at the time (a user may be renamed or removed later). */
    userName: varchar('user_name', { length: 64 }).notNull(),
    createTime: timeColumn('create_time').notNull(),
  },
  (t) => [index('wdiov_workflow_trail_tenant_id_entity_record_id_idx').on(t.tenantId, t.entity, t.recordId)],
);
