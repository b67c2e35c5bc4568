import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

/** HS512 tokens, as BladeX signs them. */
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
  constructor(private readonly secret: string) {}

  signAccess(claims: Omit<AccessClaims, 'token_type' | 'exp' | 'iat' | 'jti'>, ttlS: number) {
    const body: AccessClaims = { ...claims, token_type: 'access_token', jti: newJti(), iat: now(), exp: now() + ttlS };
    return sign({ ...body, iss: ISSUER }, this.secret, ALG).then((token) => ({ token, claims: body }));
  }

  signRefresh(claims: Omit<RefreshClaims, 'token_type' | 'exp' | 'iat' | 'jti'>, ttlS: number) {
    const body: RefreshClaims = { ...claims, token_type: 'refresh_token', jti: newJti(), iat: now(), exp: now() + ttlS };
    return sign({ ...body, iss: ISSUER }, this.secret, ALG).then((token) => ({ token, claims: body }));
  }

  /** The claims of a valid, unexpired token of the given type; null for anything else. */
  async verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['token_type']): Promise<T | null> {
    try {
      const claims = (await verify(token, this.secret, { alg: ALG, iss: ISSUER })) as unknown as T;
      return claims.token_type === type && typeof claims.jti === 'string' ? claims : null;
    } catch {
      return null;
    }
  }
}
