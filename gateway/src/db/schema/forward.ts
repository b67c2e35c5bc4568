import { bigint, index, pgTable } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * The frames each superior platform confirmed, one row per confirmed send (the raw-frame row
 * ids it held), written before the raw-stream messages holding those frames are acked. A
 * forwarding gateway that takes a platform over reads the recent rows back first, so frames
 * confirmed just before a predecessor died (their acks lost with it) are not sent again.
 * Pruned by age.
 */
export const forwardSent = pgTable(
  'wdiov_forward_sent',
  {
    id: idColumn('id').primaryKey(),
    forwardPlatformId: idColumn('forward_platform_id').notNull(),
    confirmedAt: timeColumn('confirmed_at').notNull(),
    frameIds: bigint('frame_ids', { mode: 'bigint' }).array().notNull(),
  },
  (t) => [index('wdiov_forward_sent_forward_platform_id_confirmed_at_idx').on(t.forwardPlatformId, t.confirmedAt)],
);
