import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * A tenant's OpenID Connect identity providers. The client secret is kept sealed (SecretBox):
 * a leaked table or backup shows none of them.
 */
export const ssoProviders = pgTable(
  'wdiov_sso_provider',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** Shown on the sign-in button: "sign in with <name>". */
    name: varchar('name', { length: 64 }).notNull(),
    issuer: varchar('issuer', { length: 500 }).notNull(),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    clientSecretSealed: varchar('client_secret_sealed', { length: 1000 }).notNull(),
    redirectUri: varchar('redirect_uri', { length: 500 }).notNull(),
    scopes: varchar('scopes', { length: 255 }).notNull(),
    status: integer('status').notNull().default(1),
    createdAt: timeColumn('created_at').notNull().defaultNow(),
    updatedAt: timeColumn('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wdiov_sso_provider_tenant_id_issuer_uq').on(t.tenantId, t.issuer)],
);

/**
 * Sign-ins started at a provider and not yet finished: the state the provider hands back, with
 * the nonce and PKCE verifier that only the gateway knows. A row is spent once and lives minutes.
 */
export const ssoFlows = pgTable(
  'wdiov_sso_flow',
  {
    state: varchar('state', { length: 64 }).primaryKey(),
    providerId: varchar('provider_id', { length: 32 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
  },
  (t) => [index('wdiov_sso_flow_expires_at_idx').on(t.expiresAt)],
);

/**
 * People known by a provider, by issuer and subject (the ID token's `sub`). Without a user the
 * person signed in once and awaits an account (the register answer); with one they sign in as it.
 */
export const ssoIdentities = pgTable(
  'wdiov_sso_identity',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    issuer: varchar('issuer', { length: 500 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: idColumn('user_id'),
    email: varchar('email', { length: 255 }),
    name: varchar('name', { length: 255 }),
    createdAt: timeColumn('created_at').notNull().defaultNow(),
    lastSignInAt: timeColumn('last_sign_in_at'),
  },
  (t) => [uniqueIndex('wdiov_sso_identity_tenant_id_issuer_subject_uq').on(t.tenantId, t.issuer, t.subject)],
);
