import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TokenResponse } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { ssoIdentities } from '../db/schema/sso.ts';
import type { ExternalSignIn, FinishRequest, SsoFlows } from './sso-flow.ts';
import type { SsoProviders } from './sso-providers.ts';

/** A person the provider vouched for, and the local user they are linked to, if any. */
export interface KnownIdentity {
  id: string;
  userId: string | null;
  external: ExternalSignIn;
}

/**
 * The authorization_code (and social) grant's own half: the provider's sign-in, then the person by issuer and
 * subject. A person seen for the first time is recorded without a user; an administrator's
 * approval of their registration (or a link made by hand) gives them one.
 */
export class SsoSignIn {
  constructor(private readonly db: Db, private readonly flows: SsoFlows, private readonly providers: SsoProviders) {}

  /** Whether `id` is an enabled provider of the tenant. */
  async hasProvider(tenantId: string, id: string): Promise<boolean> {
    return id !== '' && (await this.providers.get(tenantId, id)) !== undefined;
  }

  async identify(req: FinishRequest): Promise<KnownIdentity> {
    const external = await this.flows.finish(req);
    const [row] = await this.db.insert(ssoIdentities)
      .values({
        id: randomBytes(12).toString('hex'), tenantId: req.tenantId, issuer: external.issuer, subject: external.subject,
        email: external.email ?? null, name: external.name ?? null, lastSignInAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [ssoIdentities.tenantId, ssoIdentities.issuer, ssoIdentities.subject],
        set: { lastSignInAt: new Date(), email: sql`coalesce(excluded.email, ${ssoIdentities.email})`, name: sql`coalesce(excluded.name, ${ssoIdentities.name})` },
      })
      .returning({ id: ssoIdentities.id, userId: ssoIdentities.userId });
    return { id: row!.id, userId: row!.userId, external };
  }
}

/**
 * The answer for a person with no local account (spec: the register dialog): no tokens, user id
 * -1 and the identity as oauth_id, which the registration sends along. Nobody is signed in.
 */
export function registerAnswer(identity: KnownIdentity, tenantId: string, clientId: string): TokenResponse {
  const { email, name } = identity.external;
  const account = email?.split('@')[0] ?? '';
  return {
    access_token: '', token_type: 'bearer', refresh_token: '', expires_in: 0, scope: 'all', client_id: clientId,
    tenant_id: tenantId, user_id: '-1', dept_id: '', post_id: '', role_id: '', oauth_id: identity.id,
    account, user_name: account, nick_name: name ?? account, real_name: name ?? '', role_name: '', avatar: '',
    detail: { type: 'web' }, license: 'powered by wdiov', jti: '',
  };
}
