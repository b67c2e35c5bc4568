import { ADMIN_TENANT_ID } from '@wdiov/contracts';

/** Who is calling: put on the request context by the auth middleware. */
export interface Principal {
  userId: string;
  tenantId: string;
  account: string;
  /** The dept the token was issued for (first of the user's when not switched). */
  deptId: string;
  deptIds: string[];
  roleIds: string[];
  /** Role aliases, e.g. `administrator`. */
  roleAliases: string[];
  clientId: string;
  jti: string;
  /** The sign-in (refresh family) the access token came from: ending it ends the token. */
  family?: string;
  /** Expiry of the access token (epoch seconds). */
  exp: number;
}

export const ADMINISTRATOR = 'administrator';

/**
 * An administrator of the caller's own tenant: a role aliased `administrator`. Any tenant's
 * administrator may name a role so, so it opens that tenant's rows and screens only; what
 * reaches beyond one tenant needs `isPlatformAdministrator`.
 */
export function isAdministrator(p: Principal): boolean {
  return p.roleAliases.includes(ADMINISTRATOR);
}

/** The platform administrator: an `administrator` role of the platform tenant itself (not one another tenant named so). */
export function isPlatformAdministrator(p: Principal): boolean {
  return p.tenantId === ADMIN_TENANT_ID && isAdministrator(p);
}

/** The system principal used by seeding and background jobs (never from a request). */
export function systemPrincipal(tenantId: string): Principal {
  return {
    userId: '0', tenantId, account: 'system', deptId: '0', deptIds: [], roleIds: [],
    roleAliases: [ADMINISTRATOR], clientId: 'system', jti: 'system', exp: Number.MAX_SAFE_INTEGER,
  };
}
