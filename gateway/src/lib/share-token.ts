import { sign, verify } from 'hono/jwt';

/**
 * The signed token of a read-only share link: an HS512 JWT of its own type (`tokenType`), so a
 * link of one kind is never taken for an access token or a link of another kind (nor they for
 * it). It names the row (`sid`) that decides whether the link still works (revoked, expired).
 */
const ALG = 'HS512';
const ISSUER = 'wdiov';

export interface ShareTokenClaims {
  token_type: string;
  sid: string;
  tenant_id: string;
  exp: number;
  iat: number;
}

/** Signs a link's token, valid from `now` until `expiresAt`. */
export function signShareToken<C extends Record<string, string>>(
  secret: string, tokenType: string, link: { sid: string; tenantId: string; expiresAt: Date; now: number; extra?: C },
): Promise<string> {
  const claims: ShareTokenClaims & Partial<C> = {
    ...(link.extra ?? ({} as C)),
    token_type: tokenType, sid: link.sid, tenant_id: link.tenantId,
    iat: Math.floor(link.now / 1000), exp: Math.floor(link.expiresAt.getTime() / 1000),
  };
  return sign({ ...claims, iss: ISSUER }, secret, ALG);
}

/** The claims of a good, unexpired token of the type; null for anything else. */
export async function verifyShareToken(secret: string, tokenType: string, token: string | undefined): Promise<(ShareTokenClaims & Record<string, unknown>) | null> {
  if (!token) return null;
  let claims: Record<string, unknown>;
  try {
    claims = (await verify(token, secret, { alg: ALG, iss: ISSUER })) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (claims.token_type !== tokenType || typeof claims.sid !== 'string' || typeof claims.tenant_id !== 'string') return null;
  return claims as ShareTokenClaims & Record<string, unknown>;
}
