import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/**
 * HS512 tokens, as BladeX signs them. Signed and checked synchronously with node's HMAC: a few
 * microseconds, where WebCrypto's asynchronous HMAC handed every signature to the thread pool
 * (queued behind password checks) and back, and imported the key again each time.
 */
const ALG = 'HS512';
const ISSUER = 'wdiov';

export interface AccessClaims {
  token_type: 'access_token';
  jti: string;
  /** Refresh family: signing out revokes it with the access token. */
  fam: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  client_id: string;
  exp: number;
  iat: number;
}

export interface RefreshClaims {
  token_type: 'refresh_token';
  jti: string;
  fam: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  client_id: string;
  exp: number;
  iat: number;
}

export const newJti = () => randomUUID();
const now = () => Math.floor(Date.now() / 1000);

export class TokenSigner {
  private readonly sign: (payload: object) => string;
  private readonly check: (token: string) => Record<string, unknown>;

  constructor(secret: string) {
    this.sign = createSigner({ key: secret, algorithm: ALG });
    // Signature, algorithm, issuer, expiry and not-before, as before; a token without issuer or expiry is refused.
    this.check = createVerifier({ key: secret, algorithms: [ALG], allowedIss: ISSUER, requiredClaims: ['iss', 'exp', 'jti'] });
  }

  signAccess(claims: Omit<AccessClaims, 'token_type' | 'exp' | 'iat' | 'jti'>, ttlS: number) {
    const body: AccessClaims = { ...claims, token_type: 'access_token', jti: newJti(), iat: now(), exp: now() + ttlS };
    return { token: this.sign({ ...body, iss: ISSUER }), claims: body };
  }

  signRefresh(claims: Omit<RefreshClaims, 'token_type' | 'exp' | 'iat' | 'jti'>, ttlS: number) {
    const body: RefreshClaims = { ...claims, token_type: 'refresh_token', jti: newJti(), iat: now(), exp: now() + ttlS };
    return { token: this.sign({ ...body, iss: ISSUER }), claims: body };
  }

  /** The claims of a valid, unexpired token of the given type; null for anything else. */
  verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['token_type']): T | null {
    try {
      const claims = this.check(token) as unknown as T;
      return claims.token_type === type && typeof claims.jti === 'string' ? claims : null;
    } catch {
      return null;
    }
  }
}
