import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/client.ts';
import { ssoFlows } from '../db/schema/sso.ts';
import { OAuthError } from './oauth-error.ts';
import type { SsoHttp } from './sso-http.ts';
import type { SsoProvider, SsoProviders } from './sso-providers.ts';
import { ssoText } from './sso-text.ts';

/** How long a started sign-in may take at the provider. */
export const SSO_FLOW_SECONDS = 300;

const token = () => randomBytes(32).toString('base64url');

/** Who the provider says signed in, after every check of its ID token. */
export interface ExternalSignIn {
  provider: SsoProvider;
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
}

export interface FinishRequest {
  tenantId: string;
  code?: string;
  state?: string;
  redirectUri?: string;
  /** The provider the caller says the sign-in was started at (the social grant's source). */
  providerId?: string;
}

/** The OpenID Connect authorization code flow, with PKCE S256, a state and a nonce kept server-side. */
export class SsoFlows {
  constructor(private readonly db: Db, private readonly providers: SsoProviders, private readonly http: SsoHttp) {}

  /** The provider's authorization URL for a new sign-in, whose secrets stay in wdiov_sso_flow. */
  async start(tenantId: string, providerId: string): Promise<{ url: string; state: string; expiresIn: number }> {
    const provider = await this.providers.get(tenantId, providerId);
    if (!provider) throw new OAuthError(400, ssoText('unknownProvider'));
    const meta = await this.providers.metadata(provider.issuer);
    const state = token();
    const nonce = token();
    const codeVerifier = token();
    // Started sign-ins nobody finished are of no use past their time.
    await this.db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, new Date()));
    await this.db.insert(ssoFlows).values({
      state, providerId, tenantId, nonce, codeVerifier, expiresAt: new Date(Date.now() + SSO_FLOW_SECONDS * 1000),
    });
    const url = new URL(meta.authorization_endpoint);
    const q = url.searchParams;
    q.set('response_type', 'code');
    q.set('client_id', provider.clientId);
    q.set('redirect_uri', provider.redirectUri);
    q.set('scope', provider.scopes);
    q.set('state', state);
    q.set('nonce', nonce);
    q.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    q.set('code_challenge_method', 'S256');
    return { url: url.toString(), state, expiresIn: SSO_FLOW_SECONDS };
  }

  /** Exchanges the code the provider redirected back with, and checks the ID token it answers. */
  async finish(req: FinishRequest): Promise<ExternalSignIn> {
    const code = req.code?.trim();
    if (!code) throw new OAuthError(400, ssoText('missingCode'));
    // Spent at once, whatever follows: a state (and the code it came with) serves one try.
    const [flow] = await this.db.delete(ssoFlows)
      .where(and(eq(ssoFlows.state, req.state ?? ''), eq(ssoFlows.tenantId, req.tenantId), gt(ssoFlows.expiresAt, new Date())))
      .returning();
    if (!flow || (req.providerId !== undefined && req.providerId !== flow.providerId)) throw new OAuthError(400, ssoText('badState'));
    const provider = await this.providers.get(flow.tenantId, flow.providerId);
    if (!provider) throw new OAuthError(400, ssoText('noProvider'));
    if (req.redirectUri && req.redirectUri !== provider.redirectUri) throw new OAuthError(400, ssoText('badRedirect'));
    const meta = await this.providers.metadata(provider.issuer);
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: provider.redirectUri, code_verifier: flow.codeVerifier });
    // client_secret_basic: both parts form-encoded first (RFC 6749 2.3.1).
    const basic = Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64');
    const answer = await this.http.postForm(meta.token_endpoint, form, { authorization: `Basic ${basic}` });
    if (answer.status !== 200) {
      const reason = typeof answer.body.error === 'string' ? answer.body.error : `HTTP ${answer.status}`;
      throw new OAuthError(400, ssoText('codeRefused', { reason }));
    }
    const idToken = answer.body.id_token;
    if (typeof idToken !== 'string' || !idToken) throw new OAuthError(400, ssoText('noIdToken'));
    const claims = await this.verified(idToken, provider, meta.jwks_uri);
    if (claims.nonce !== flow.nonce) throw new OAuthError(400, ssoText('badNonce'));
    if (!claims.sub) throw new OAuthError(400, ssoText('badIdToken', { reason: 'sub' }));
    return {
      provider, issuer: provider.issuer, subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }

  /** Signature by the provider's keys, issuer, audience (and authorized party), expiry. */
  private async verified(idToken: string, provider: SsoProvider, jwksUri: string): Promise<JWTPayload> {
    const options = { issuer: provider.issuer, audience: provider.clientId, clockTolerance: 30 };
    try {
      let result;
      try {
        result = await jwtVerify(idToken, await this.providers.keys(jwksUri), options);
      } catch (e) {
        // A key the cached set lacks: the provider may have rotated its keys since.
        if (!(e instanceof errors.JWKSNoMatchingKey)) throw e;
        result = await jwtVerify(idToken, await this.providers.keys(jwksUri, true), options);
      }
      const { payload } = result;
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
        throw new OAuthError(400, ssoText('badIdToken', { reason: 'azp' }));
      }
      return payload;
    } catch (e) {
      if (e instanceof OAuthError) throw e;
      if (e instanceof errors.JWTExpired) throw new OAuthError(400, ssoText('idTokenExpired'));
      if (e instanceof errors.JWTClaimValidationFailed && e.claim === 'iss') {
        throw new OAuthError(400, ssoText('unknownIssuer', { issuer: String(e.payload.iss ?? '') }));
      }
      if (e instanceof errors.JWTClaimValidationFailed) throw new OAuthError(400, ssoText('badIdToken', { reason: e.claim }));
      throw new OAuthError(400, ssoText('badIdToken', { reason: e instanceof errors.JOSEError ? e.code : 'malformed' }));
    }
  }
}
