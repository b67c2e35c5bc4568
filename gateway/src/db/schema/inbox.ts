import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/** `item_id` of a user's row that marks everything of the box read up to its `read_time`. */
export const INBOX_ALL_READ = '0';

/**
 * What each user has read in the notice popover's boxes (mail, message, notice). A row names
 * one item read; the row with item id 0 says "read all up to read_time", which replaces the
 * single rows of that box, so a mark-all stays one row however much the box holds.
 */
export const inboxReads = pgTable(
  'wdiov_inbox_read',
  {
    id: idColumn('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: idColumn('user_id').notNull(),
    box: varchar('box', { length: 16 }).notNull(),
    itemId: idColumn('item_id').notNull(),
    readTime: timeColumn('read_time').notNull(),
  },
  (t) => [uniqueIndex('wdiov_inbox_read_user_id_box_item_id_uq').on(t.userId, t.box, t.itemId)],
);
