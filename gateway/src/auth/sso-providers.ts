import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { formatDateTime } from '@wdiov/contracts';
import { CLIENT_SECRET, type SsoProviderRow, type SsoProviderSettings } from '@wdiov/contracts/api/sso.route';
import { wordedNow } from '@wdiov/contracts/entity/validation-text';
import type { Db } from '../db/client.ts';
import { ssoProviders } from '../db/schema/sso.ts';
import type { SecretBox } from '../notify/secret-box.ts';
import { badRequest } from '../lib/api-error.ts';
import { OAuthError } from './oauth-error.ts';
import type { SsoHttp } from './sso-http.ts';
import { ssoText } from './sso-text.ts';

/** A provider's configuration with its client secret opened. */
export interface SsoProvider {
  id: string;
  tenantId: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string;
}

/** The parts of an OpenID provider's discovery document the gateway uses. */
const providerMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
export type ProviderMetadata = z.infer<typeof providerMetadata>;

const jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** Discovery documents and key sets change rarely; a key set is read again when a token names an unknown key. */
const CACHE_MS = 10 * 60_000;

interface Cached<T> { at: number; value: T }

export class SsoProviders {
  private readonly metadataCache = new Map<string, Cached<ProviderMetadata>>();
  private readonly keysCache = new Map<string, Cached<ReturnType<typeof createLocalJWKSet>>>();

  constructor(private readonly db: Db, private readonly box: SecretBox, private readonly http: SsoHttp) {}

  /**
   * Adds the tenant's provider, or replaces the one with the same issuer; the secret is sealed. A
   * replacement without a secret keeps the stored one; a new provider needs one.
   */
  async save(tenantId: string, s: SsoProviderSettings): Promise<string> {
    const values = {
      name: s.name, clientId: s.clientId, redirectUri: s.redirectUri, scopes: s.scopes, status: s.status, updatedAt: new Date(),
      ...(s.clientSecret === undefined ? {} : { clientSecretSealed: this.box.seal(s.clientSecret) }),
    };
    this.metadataCache.delete(s.issuer);
    if (values.clientSecretSealed === undefined) {
      const [kept] = await this.db.update(ssoProviders).set(values)
        .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.issuer, s.issuer))).returning({ id: ssoProviders.id });
      if (!kept) throw badRequest(wordedNow('required', CLIENT_SECRET));
      return kept.id;
    }
    const [row] = await this.db.insert(ssoProviders)
      .values({ id: randomBytes(12).toString('hex'), tenantId, issuer: s.issuer, ...values, clientSecretSealed: values.clientSecretSealed })
      .onConflictDoUpdate({ target: [ssoProviders.tenantId, ssoProviders.issuer], set: values })
      .returning({ id: ssoProviders.id });
    return row!.id;
  }

  /** The tenant's providers for its administrator: every setting but the secret. */
  async list(tenantId: string, offsetMin: number): Promise<SsoProviderRow[]> {
    const rows = await this.db.select({
      id: ssoProviders.id, name: ssoProviders.name, issuer: ssoProviders.issuer, clientId: ssoProviders.clientId,
      redirectUri: ssoProviders.redirectUri, scopes: ssoProviders.scopes, status: ssoProviders.status, updatedAt: ssoProviders.updatedAt,
    }).from(ssoProviders).where(eq(ssoProviders.tenantId, tenantId)).orderBy(asc(ssoProviders.createdAt));
    return rows.map(({ updatedAt, ...row }) => ({ ...row, updateTime: formatDateTime(updatedAt, offsetMin) }));
  }

  /** Removes providers of the tenant (another tenant's ids remove nothing): how many went. */
  async remove(tenantId: string, ids: string[]): Promise<number> {
    const gone = await this.db.delete(ssoProviders)
      .where(and(eq(ssoProviders.tenantId, tenantId), inArray(ssoProviders.id, ids))).returning({ issuer: ssoProviders.issuer });
    for (const { issuer } of gone) this.metadataCache.delete(issuer);
    return gone.length;
  }

  /** The tenant's enabled providers, as buttons. */
  async buttons(tenantId: string): Promise<{ id: string; name: string }[]> {
    return this.db.select({ id: ssoProviders.id, name: ssoProviders.name }).from(ssoProviders)
      .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.status, 1))).orderBy(asc(ssoProviders.createdAt));
  }

  /** The tenant's enabled provider `id`, or undefined. */
  async get(tenantId: string, id: string): Promise<SsoProvider | undefined> {
    const [row] = await this.db.select().from(ssoProviders)
      .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id), eq(ssoProviders.status, 1)));
    if (!row) return undefined;
    const { clientSecretSealed, ...rest } = row;
    let clientSecret: string;
    try {
      clientSecret = this.box.open(clientSecretSealed);
    } catch {
      // Sealed under another SECRET_KEY: the administrator enters the secret again.
      throw new OAuthError(400, ssoText('noProvider'));
    }
    return { ...rest, clientSecret };
  }

  /**
   * The provider's discovery document. Its issuer must be the configured one exactly (OpenID
   * Connect Discovery 4.3): a document naming another issuer is not this provider's.
   */
  async metadata(issuer: string): Promise<ProviderMetadata> {
    const hit = this.metadataCache.get(issuer);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const parsed = providerMetadata.safeParse(await this.http.getJson(url));
    if (!parsed.success) throw new OAuthError(400, ssoText('unreachable'));
    if (parsed.data.issuer !== issuer) throw new OAuthError(400, ssoText('unknownIssuer', { issuer: parsed.data.issuer }));
    this.metadataCache.set(issuer, { at: Date.now(), value: parsed.data });
    return parsed.data;
  }

  /** The provider's signing keys; `fresh` reads them again (a token signed with a key not yet seen). */
  async keys(jwksUri: string, fresh = false): Promise<ReturnType<typeof createLocalJWKSet>> {
    const hit = this.keysCache.get(jwksUri);
    if (hit && !fresh && Date.now() - hit.at < CACHE_MS) return hit.value;
    const parsed = jwks.safeParse(await this.http.getJson(jwksUri));
    if (!parsed.success) throw new OAuthError(400, ssoText('unreachable'));
    const value = createLocalJWKSet(parsed.data as JSONWebKeySet);
    this.keysCache.set(jwksUri, { at: Date.now(), value });
    return value;
  }
}
