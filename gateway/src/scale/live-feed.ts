/**
 * Whether this gateway offers browsers their positions over nats.ws, and what it needs for it:
 * - with NATS_URL: the cluster's trust chain from NATS_AUTH_DIR (the gateway's own credentials and
 *   the account key it signs browsers' with) and the websocket URLs browsers reach (NATS_WS_URL);
 * - with a nats-server child: a trust chain kept under the data dir, and a websocket listener the
 *   child opens on a port of this machine (browsers reach it at the host name they used for the console).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { credsAuthenticator, type Authenticator } from '@nats-io/transport-node';
import type { Env } from '../env.ts';
import { freePort, natsServerAvailable } from '../bus/nats-child.ts';
import type { Principal } from '../crud/principal.ts';
import { CredentialMinter } from './credential-minter.ts';
import { mintedEntryOf, type MintedKeys } from './minted-keys.ts';
import { natsWsOrigins } from './websocket-origins.ts';
import { loadOrCreateNatsAuth, readNatsAuth, AUTH_FILES, type NatsAuth } from './nats-auth.ts';

export interface LiveFeed {
  minter: CredentialMinter;
  /** Websocket URLs for a browser that reached the console at `consoleUrl`. */
  servers(consoleUrl: URL): string[];
  /** Subscribers counted by the metrics: credentials handed out and still valid. */
  issued: ActiveCredentials;
  /**
   * Cards and forced logouts are published on each user's subject: decided before the gateway takes
   * requests (the card publisher needs credential revocation). Where not, credentials name no such
   * subject, and the console's shell keeps its cards on the gateway's socket.
   */
  cardsPublished?: boolean;
}

export interface LiveFeedSetup {
  /** Absent: positions go over the gateway's position socket only. */
  feed?: LiveFeed;
  /** How the gateway connects to NATS (its own user credentials in operator mode). */
  connectOptions?: { authenticator: Authenticator };
  /** The gateway's credentials as text, for connections of other threads. */
  creds?: string;
  /** Config file for a nats-server child. */
  childConfigFile?: string;
  /** The trust chain, for revoking browsers' credentials (credential-revoker.ts). */
  auth?: NatsAuth;
}

/**
 * Credentials this gateway gave out and not yet expired, per public key (a browser renewing keeps
 * its key), counted for the metrics; each is also noted in the keys shared by every gateway
 * (minted-keys.ts) once revocation runs.
 */
export class ActiveCredentials {
  private readonly held = new Map<string, number>();
  private shared?: MintedKeys;
  constructor(private readonly now: () => number = Date.now) {}
  /** From now on every key minted here is shared with the other gateways. */
  shareWith(keys: MintedKeys): void {
    this.shared = keys;
  }
  /**
   * Resolves true once the key may be handed out: shared with every gateway where revocation runs
   * (mint, then store, then answer: a key of a gateway that dies right after is still revocable).
   */
  async note(publicKey: string, expiresAt: number, principal: Principal): Promise<boolean> {
    // Expired keys go as new ones come, so the map holds the live ones only (not every key ever minted).
    if (this.held.size >= 1024 && this.held.size % 256 === 0) this.count();
    const before = this.held.get(publicKey);
    this.held.set(publicKey, expiresAt);
    if (!this.shared) return true;
    const shared = await this.shared.note(publicKey, mintedEntryOf(principal, this.now(), expiresAt));
    // Not handed out: the key counts as long as credentials handed out for it before (a renewal's) live.
    if (!shared && before !== undefined) this.held.set(publicKey, before);
    else if (!shared) this.held.delete(publicKey);
    return shared;
  }
  count(): number {
    const now = this.now();
    for (const [key, until] of this.held) if (until <= now) this.held.delete(key);
    return this.held.size;
  }
}

const authOf = (auth: NatsAuth) => ({
  auth,
  connectOptions: { authenticator: credsAuthenticator(new TextEncoder().encode(auth.gatewayCreds)) },
  creds: auth.gatewayCreds,
});

/**
 * The websocket block of a nats-server child; the trust chain is included from the file beside it.
 * Plain websockets: TLS belongs to the proxy in front of it in production (docs/security.md).
 */
export function childWebsocketConfig(host: string, port: number, origins: readonly string[]): string {
  return [
    `include ./${AUTH_FILES.serverConfig}`, 'websocket {', `  host: ${JSON.stringify(host)}`, `  port: ${port}`, '  no_tls: true',
    // Browsers always send their page's origin; a client that sends none (a server, the gateway's tests) is let through.
    '  same_origin: false', `  allowed_origins: ${JSON.stringify(origins)}`, '}', '',
  ].join('\n');
}

export async function setUpLiveFeed(env: Env, dataDir: string): Promise<LiveFeedSetup> {
  const ttlMs = env.NATS_CREDENTIALS_TTL_S * 1000;
  const feedOf = (auth: NatsAuth, servers: (u: URL) => string[]): LiveFeed => ({
    minter: new CredentialMinter(auth.accountSeed, ttlMs), servers, issued: new ActiveCredentials(),
  });
  if (env.NATS_URL) {
    if (!env.NATS_AUTH_DIR) return {};
    const auth = await readNatsAuth(env.NATS_AUTH_DIR);
    const urls = env.NATS_WS_URL?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
    return { ...authOf(auth), feed: urls.length > 0 ? feedOf(auth, () => urls) : undefined };
  }
  if (!env.NATS_SPAWN || !env.NATS_WS || !(await natsServerAvailable())) return {};
  const dir = join(dataDir, 'nats-auth');
  const auth = await loadOrCreateNatsAuth(dir);
  const wsPort = env.NATS_WS_PORT || (await freePort());
  const childConfigFile = join(dir, 'server.conf');
  await writeFile(childConfigFile, childWebsocketConfig(env.NATS_WS_HOST ?? env.HOST, wsPort, natsWsOrigins(env)), { mode: 0o600 });
  const servers = (u: URL) => [`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.hostname}:${wsPort}`];
  return { ...authOf(auth), childConfigFile, feed: feedOf(auth, servers) };
}
