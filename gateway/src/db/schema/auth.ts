import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * Refresh tokens, one row per issued token. A token is spent once (`used_at`); presenting a
 * spent token again means it leaked, so the whole family (every token descended from the
 * same sign-in) is revoked.
 */
export const refreshTokens = pgTable(
  'wdiov_refresh_token',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    familyId: varchar('family_id', { length: 64 }).notNull(),
    userId: idColumn('user_id').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
    usedAt: timeColumn('used_at'),
    revokedAt: timeColumn('revoked_at'),
    createdAt: timeColumn('created_at').notNull().defaultNow(),
  },
  (t) => [index('wdiov_refresh_token_family_id_idx').on(t.familyId), index('wdiov_refresh_token_user_id_idx').on(t.userId)],
);

/** Single-use captcha answers; kept in the database so every gateway replica can check them. */
export const captchas = pgTable('wdiov_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  expiresAt: timeColumn('expires_at').notNull(),
});

/** Consecutive failed sign-ins per tenant and account; five lock the account for 30 minutes. */
export const loginFailures = pgTable('wdiov_login_failure', {
  tenantAccount: varchar('tenant_account', { length: 80 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timeColumn('locked_until'),
  lastFailureAt: timeColumn('last_failure_at'),
});

/** Access tokens revoked before they expire (sign-out), checked by the auth middleware. */
export const revokedAccessTokens = pgTable('wdiov_revoked_token', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expiresAt: timeColumn('expires_at').notNull(),
  reason: text('reason'),
});
