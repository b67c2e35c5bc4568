import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_TENANT_ID, GRANT_TYPES, type GrantType, type TokenResponse } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import type { CaptchaStore } from './captcha.ts';
import type { TokenSigner, RefreshClaims } from './jwt.ts';
import { newJti } from './jwt.ts';
import { lockedUntil, type LoginGuard } from './login-guard.ts';
import type { Revocations } from './revocations.ts';
import { OAuthError } from './oauth-error.ts';
import { authText } from '../lib/texts/auth-text.ts';
import { hashPassword, MD5_HEX, needsRehash, verifyPassword } from './password.ts';
import { AuthLookup, splitList, type ClientRow, type UserRow } from './user-lookup.ts';
import type { SignInEvents } from './session-kicks.ts';
import { registerAnswer, type SsoSignIn } from './sso-sign-in.ts';

export interface TokenRequest {
  grantType: string;
  authorization?: string;
  tenantId?: string;
  username?: string;
  password?: string;
  refreshToken?: string;
  deptId?: string;
  roleId?: string;
  captchaKey?: string;
  captchaCode?: string;
  userType?: string;
  /** The authorization_code and social grants: what the identity provider redirected back with. */
  code?: string;
  /** The social grant: the provider (its id) the sign-in was started at. */
  source?: string;
  state?: string;
  redirectUri?: string;
}

export interface TokenServiceDeps {
  db: Db;
  signer: TokenSigner;
  captchas: CaptchaStore;
  guard: LoginGuard;
  /** The sign-in reads (one shared with the caches' invalidation); a fresh one when absent. */
  lookup?: AuthLookup;
  /** Ending a refresh family ends the access tokens issued from it too. */
  revocations: Revocations;
  captchaMode: boolean;
  tenantMode: boolean;
  /** Called after every successful sign-in (usual log). */
  onSignIn?: (user: UserRow, grant: GrantType) => void;
  /** Locks and sign-ins that log other sessions out (forced logout). */
  sessions?: SignInEvents;
  /** Single sign-on at the tenants' OpenID providers; the authorization_code grant is refused without. */
  sso?: SsoSignIn;
}

// Verified when the account does not exist, so a wrong account costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('0'.repeat(32)));

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The OAuth token endpoint's logic: client check, grants, lockout, rotation of refresh tokens. */
export class TokenService {
  private readonly lookup: AuthLookup;
  private readonly rehashing = new Set<Promise<void>>();

  constructor(private readonly deps: TokenServiceDeps) {
    this.lookup = deps.lookup ?? new AuthLookup(deps.db);
  }

  private async client(authorization: string | undefined) {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
    if (!m) throw new OAuthError(401, authText('noClient'));
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at <= 0) throw new OAuthError(401, authText('noClient'));
    const client = await this.lookup.client(decoded.slice(0, at));
    if (!client || client.status !== 1 || !sameSecret(client.clientSecret, decoded.slice(at + 1))) {
      throw new OAuthError(401, authText('badClient'));
    }
    return client;
  }

  async grant(req: TokenRequest): Promise<TokenResponse> {
    const client = await this.client(req.authorization);
    const grant = req.grantType as GrantType;
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      throw new OAuthError(400, authText('unsupportedGrant', { grant: req.grantType ?? '' }));
    }
    if (!splitList(client.authorizedGrantTypes).includes(grant)) throw new OAuthError(400, authText('grantNotAllowed'));
    if (grant === 'social' || grant === 'authorization_code') return this.ssoSignIn(req, client, grant);
    if (grant === 'refresh_token') return this.refresh(req, client);
    return this.signIn(req, grant, client);
  }

  private async signIn(req: TokenRequest, grant: 'password' | 'captcha', client: ClientRow): Promise<TokenResponse> {
    if (grant === 'password' && this.deps.captchaMode) throw new OAuthError(400, authText('captchaRequired'));
    if (grant === 'captcha' && !(await this.deps.captchas.check(req.captchaKey, req.captchaCode))) {
      throw new OAuthError(400, authText('badCaptcha'));
    }
    const tenantId = await this.usableTenant(req.tenantId);
    const account = req.username?.trim() ?? '';
    const password = req.password?.trim() ?? '';
    if (!account || !password) throw new OAuthError(400, authText('badCredentials'));
    const [failures, user] = await Promise.all([this.deps.guard.record(tenantId, account), this.lookup.user(tenantId, account)]);
    if (lockedUntil(failures)) throw new OAuthError(400, authText('locked'));
    const good = MD5_HEX.test(password) && (await verifyPassword(user?.password ?? (await dummy()), password));
    if (!user || !good) {
      const locked = await this.deps.guard.fail(tenantId, account);
      // A locked account's open sessions end too: the lock is for whoever holds the account now.
      if (locked && user) await this.deps.sessions?.locked(user);
      throw new OAuthError(400, authText('badCredentials'));
    }
    if (user.status !== 1) throw new OAuthError(400, authText('disabled'));
    // Nothing to reset when no failure was recorded (the usual sign-in: one statement fewer).
    if (failures) await this.deps.guard.reset(tenantId, account);
    if (needsRehash(user.password)) this.rehash(user, password);
    const family = newJti();
    const token = await this.issue(user, client, family, req.deptId, req.roleId);
    await this.deps.sessions?.signedIn(user, family);
    this.deps.onSignIn?.(user, grant);
    return token;
  }

  private async usableTenant(requested: string | undefined): Promise<string> {
    const tenantId = requested?.trim() || (this.deps.tenantMode ? '' : ADMIN_TENANT_ID);
    if (!tenantId) throw new OAuthError(400, authText('noTenant'));
    const tenant = await this.lookup.tenant(tenantId);
    if (!tenant || tenant.status !== 1) throw new OAuthError(400, authText('noTenant'));
    if (tenant.expireTime && tenant.expireTime.getTime() < Date.now()) throw new OAuthError(400, authText('tenantExpired'));
    return tenantId;
  }

  /** A person the tenant's identity provider vouched for: their linked user, or the register answer. */
  private async ssoSignIn(req: TokenRequest, client: ClientRow, grant: 'social' | 'authorization_code'): Promise<TokenResponse> {
    const sso = this.deps.sso;
    if (!sso) throw new OAuthError(400, authText('notConfigured'));
    const tenantId = await this.usableTenant(req.tenantId);
    // A social source is one of the tenant's providers, named by its id.
    const source = grant === 'social' ? req.source?.trim() ?? '' : undefined;
    if (source !== undefined && !(await sso.hasProvider(tenantId, source))) throw new OAuthError(400, authText('notConfigured'));
    const identity = await sso.identify({ tenantId, code: req.code, state: req.state, redirectUri: req.redirectUri, providerId: source });
    if (!identity.userId) return registerAnswer(identity, tenantId, client.clientId);
    const user = await this.lookup.userById(identity.userId);
    if (!user || user.tenantId !== tenantId || user.status !== 1) throw new OAuthError(400, authText('disabled'));
    const family = newJti();
    const token = await this.issue(user, client, family, req.deptId, req.roleId);
    await this.deps.sessions?.signedIn(user, family);
    this.deps.onSignIn?.(user, grant);
    return token;
  }

  /**
   * Replaces a hash made with older parameters, beside the sign-in rather than before its answer.
   * A failure (a full queue, a stopping gateway) keeps the old hash, which still signs in: the
   * next good sign-in tries again.
   */
  private rehash(user: UserRow, md5Hex: string): void {
    const old = user.password!;
    const replacing = hashPassword(md5Hex).then((next) => this.lookup.replaceHash(user.id, old, next)).catch(() => {});
    this.rehashing.add(replacing);
    void replacing.finally(() => this.rehashing.delete(replacing));
  }

  /** Waits for the hashes being replaced now (a stop that wants them stored; tests). */
  async rehashesDone(): Promise<void> {
    await Promise.all(this.rehashing);
  }

  private async refresh(req: TokenRequest, client: ClientRow): Promise<TokenResponse> {
    const claims = this.deps.signer.verify<RefreshClaims>(req.refreshToken ?? '', 'refresh_token');
    if (!claims || claims.client_id !== client.clientId) throw new OAuthError(401, authText('badRefresh'));
    const db = this.deps.db;
    // Spend the token atomically: of two concurrent uses, exactly one succeeds.
    const spent = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    if (spent.length === 0) {
      // A spent or revoked token presented again: assume it leaked and end the whole family.
      await this.revokeFamily(claims.fam, 'refresh token reused');
      throw new OAuthError(401, authText('badRefresh'));
    }
    const user = await this.lookup.userById(claims.user_id);
    if (!user || user.status !== 1 || user.tenantId !== claims.tenant_id) throw new OAuthError(401, authText('badRefresh'));
    // A tenant disabled or expired since sign-in ends its users' sessions at the next refresh.
    if (!(await this.lookup.tenantUsable(user.tenantId))) throw new OAuthError(401, authText('badRefresh'));
    return this.issue(user, client, claims.fam, req.deptId || claims.dept_id, req.roleId || claims.role_id);
  }

  /** Revokes every refresh token of a sign-in, and every access token issued from them. */
  async revokeFamily(familyId: string, reason = 'logout'): Promise<void> {
    await this.deps.db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await this.deps.revocations.endFamily(familyId, reason);
  }

  private async issue(user: UserRow, client: ClientRow, family: string, deptId?: string, roleId?: string): Promise<TokenResponse> {
    const userRoles = splitList(user.roleId);
    const userDepts = splitList(user.deptId);
    // Dept-Id / Role-Id pick one of the user's own; anything else is ignored.
    const roleIds = roleId && userRoles.includes(roleId) ? [roleId] : userRoles;
    const deptIds = deptId && userDepts.includes(deptId) ? [deptId] : userDepts;
    const roles = await this.lookup.roles(user.tenantId, roleIds);
    if (roles.length === 0) throw new OAuthError(400, authText('noRole'));
    const ids = roles.map((r) => r.id).join(',');
    const aliases = roles.map((r) => r.roleAlias).join(',');
    const dept = deptIds.join(',');
    const common = { tenant_id: user.tenantId, user_id: user.id, dept_id: dept, role_id: ids, client_id: client.clientId, fam: family };
    const access = this.deps.signer.signAccess({ ...common, role_name: aliases, account: user.account }, client.accessTokenValidity);
    const refresh = this.deps.signer.signRefresh(common, client.refreshTokenValidity);
    await this.deps.db.insert(refreshTokens).values({
      jti: refresh.claims.jti, familyId: family, userId: user.id, tenantId: user.tenantId, clientId: client.clientId,
      expiresAt: new Date(refresh.claims.exp * 1000),
    });
    return {
      access_token: access.token, token_type: 'bearer', refresh_token: refresh.token,
      expires_in: client.accessTokenValidity, scope: 'all', client_id: client.clientId,
      tenant_id: user.tenantId, user_id: user.id, dept_id: dept, post_id: user.postId ?? '', role_id: ids,
      oauth_id: '', account: user.account, user_name: user.account, nick_name: user.name ?? user.realName ?? '',
      real_name: user.realName ?? '', role_name: aliases, avatar: user.avatar ?? '', detail: { type: 'web' },
      license: 'powered by wdiov', jti: access.claims.jti,
    };
  }
}
