import { encodeUser } from '@nats-io/jwt';
import { fromPublic, fromSeed } from '@nats-io/nkeys';
import { subjects, wildcards } from '@wdiov/contracts';
import type { VinScope } from '../live/vehicle-scope.ts';

/**
 * A JWT lists every subject it may read: a user scoped to a few vehicles gets one subject per
 * vehicle, up to this many (the CONNECT line grows ~45 bytes a vehicle). Beyond it the browser is
 * told to use the gateway's position socket, which filters by scope itself.
 */
export const MAX_SCOPED_VEHICLES = 500;

export interface MintedCredentials {
  jwt: string;
  /** Epoch ms after which nats-server refuses (and disconnects) the user. */
  expiresAt: number;
  subjects: string[];
}

/** Subjects a user with this scope may subscribe to, or null when they are too many to list. */
export function subjectsFor(tenantId: string, scope: VinScope): string[] | null {
  if (scope === 'tenant') return [wildcards.tenantPositions(tenantId)];
  if (scope.size > MAX_SCOPED_VEHICLES) return null;
  return [...scope].map((vin) => subjects.position(tenantId, vin));
}

/** A user public key (the browser keeps its seed): 'U…', 56 characters, a valid nkey. */
export function isUserPublicKey(key: string): boolean {
  if (!/^U[A-Z2-7]{55}$/.test(key)) return false;
  try {
    fromPublic(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signs browser credentials with the account key: subscribe to the given subjects only, publish
 * nothing, websocket connections only, valid for `ttlMs`. nats-server enforces all of it; the
 * gateway is not asked again until renewal.
 */
export class CredentialMinter {
  private readonly account;

  constructor(accountSeed: string, private readonly ttlMs: number, private readonly now: () => number = Date.now) {
    this.account = fromSeed(new TextEncoder().encode(accountSeed));
  }

  async mint(userPublicKey: string, name: string, allowed: string[]): Promise<MintedCredentials> {
    const expiresAt = this.now() + this.ttlMs;
    const jwt = await encodeUser(name, userPublicKey, this.account, {
      sub: { allow: allowed },
      pub: { deny: ['>'] },
      allowed_connection_types: ['WEBSOCKET'],
    }, { exp: Math.floor(expiresAt / 1000) });
    return { jwt, expiresAt: Math.floor(expiresAt / 1000) * 1000, subjects: allowed };
  }
}
