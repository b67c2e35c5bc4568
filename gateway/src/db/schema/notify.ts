import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timeColumn } from '../table-from-entity.ts';

/**
 * Escalations of alarms waiting for their time: one row per alarm and stage, with the event
 * routed again when it is due. Kept in the database so a restart of the gateway that armed it
 * neither loses it nor sends it twice; the row goes once the escalation fired or was not needed.
 */
export const notifyEscalations = pgTable(
  'wdiov_notify_escalation',
  {
    /** `<tenant>/<alarm id>#<stage>`. */
    key: varchar('key', { length: 200 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    alarmId: varchar('alarm_id', { length: 128 }).notNull(),
    stage: integer('stage').notNull(),
    event: jsonb('event').notNull(),
    dueAt: timeColumn('due_at').notNull(),
  },
  (t) => [index('wdiov_notify_escalation_due_at_idx').on(t.dueAt)],
);
