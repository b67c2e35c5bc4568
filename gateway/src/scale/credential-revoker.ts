/**
 * A forced logout (cmd 8860) ends the user's nats.ws feed at once, not when their short-lived
 * credentials run out: the browser's user key goes into the account JWT's revocations, and the
 * re-signed account JWT is handed to every node through the system account. nats-server then
 * closes that user's connections and refuses the old JWT.
 *
 * The keys every gateway minted are shared (minted-keys.ts), so one gateway of the queue group
 * takes each kick and revokes all of that user's keys, also those of a gateway that has since
 * died, after sending the user's browsers on nats.ws the forced logout (cmd 8860) naming those keys.
 * The revocations of all gateways meet in a KV bucket: each gateway watches it and pushes the
 * whole list when another's entry arrives, so the last push always carries every revocation. An
 * entry is dropped once the credentials it revokes would have expired anyway. The list is pushed
 * again every REPUSH_MS while it is not empty: a node that restarted (memory resolver) gets it back.
 */
import { z } from 'zod';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { fromSeed, type KeyPair } from '@nats-io/nkeys';
import { buckets, forcedLogoutFrame, kickMessage, queues, subjects, wildcards } from '@wdiov/contracts';
import type { Logger } from 'pino';
import type { KvBucket, KvEntry, MessageBus, Subscription } from '../bus/bus.ts';
import type { LiveFeed } from './live-feed.ts';
import { encodeProductAccount, type NatsAuth } from './nats-auth.ts';
import { MintedKeys } from './minted-keys.ts';

const REPUSH_MS = 30_000;

/** How long the forced-logout warning goes ahead of the revocation that closes the browser's connection. */
const WARNING_LEAD_MS = 200;
/** Remote entries arriving together are pushed as one account update. */
const PUSH_DEBOUNCE_MS = 50;
const PUSH_TIMEOUT_MS = 5_000;

/** A revoked key: JWTs issued at or before `at` (epoch s) are refused; kept until `until` (epoch ms), when they expire. */
const revokedEntry = z.object({ at: z.number().int(), until: z.number() });
type Revoked = z.infer<typeof revokedEntry>;

const enc = new TextEncoder();
const dec = new TextDecoder();

export interface RevokerDeps {
  accountPublicKey: string;
  /** The operator signing key the account JWT is re-issued with. */
  signer: KeyPair;
  /** A connection in the system account (claims updates are only taken from it). */
  system: NatsConnection;
  bucket: KvBucket;
  logger: Pick<Logger, 'warn' | 'error'>;
  now?: () => number;
}

export class CredentialRevoker {
  private readonly revoked = new Map<string, Revoked>();
  private readonly now: () => number;
  private watch?: Subscription;
  private timer?: NodeJS.Timeout;
  private debounce?: NodeJS.Timeout;

  constructor(private readonly deps: RevokerDeps) {
    this.now = deps.now ?? Date.now;
  }

  async start(): Promise<void> {
    this.watch = await this.deps.bucket.watch((e) => this.merge(e));
    this.timer = setInterval(() => void (this.revoked.size > 0 && this.push().catch(() => undefined)), REPUSH_MS);
    this.timer.unref();
  }

  /** Revokes these keys now: resolves once a node took the new account JWT (every node gets the same message). */
  async revoke(keys: readonly { publicKey: string; until: number }[]): Promise<void> {
    if (keys.length === 0) return;
    // A second after the newest JWT of the key could have been issued (iat is in whole seconds).
    const at = Math.ceil(this.now() / 1000);
    for (const k of keys) this.revoked.set(k.publicKey, { at, until: k.until } satisfies Revoked);
    // Shared with the other gateways; a key the bucket did not take is still in this gateway's pushes.
    await Promise.all(keys.map((k) => this.deps.bucket.put(k.publicKey, JSON.stringify(this.revoked.get(k.publicKey)))
      .catch((err) => this.deps.logger.error({ err }, 'a revoked nats.ws key was not shared with the other gateways'))));
    await this.push();
  }

  stop(): void {
    this.watch?.unsubscribe();
    clearInterval(this.timer);
    clearTimeout(this.debounce);
  }

  private merge(e: KvEntry): void {
    if (e.operation !== 'PUT') return;
    const parsed = revokedEntry.safeParse(JSON.parse(dec.decode(e.value)));
    if (!parsed.success) return;
    const known = this.revoked.get(e.key);
    if (known && known.at >= parsed.data.at) return;
    this.revoked.set(e.key, parsed.data);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.push().catch(() => undefined), PUSH_DEBOUNCE_MS);
  }

  /** The account JWT with every unexpired revocation, to every node. */
  private async push(): Promise<void> {
    const now = this.now();
    const list: Record<string, number> = {};
    for (const [key, r] of this.revoked) {
      if (r.until > now) list[key] = r.at;
      else {
        this.revoked.delete(key);
        void this.deps.bucket.delete(key).catch(() => undefined);
      }
    }
    const jwt = await encodeProductAccount(this.deps.accountPublicKey, this.deps.signer, list);
    try {
      const reply = await this.deps.system.request(subjects.accountClaimsUpdate(this.deps.accountPublicKey), enc.encode(jwt), { timeout: PUSH_TIMEOUT_MS });
      const answer = reply.json<{ error?: { description?: string } }>();
      if (answer.error) throw new Error(answer.error.description ?? 'account update refused');
    } catch (err) {
      this.deps.logger.error({ err, revoked: Object.keys(list).length }, 'nats.ws credentials not revoked: account update failed');
      throw err;
    }
  }
}

/**
 * On this gateway: shares the keys it mints, and revokes, on the kicks the queue group gives it,
 * every key minted for the kicked user (for a sign-in elsewhere, only those of the sessions before
 * it). Absent (with a warning) when the
 * trust chain has no revocation keys (written before they existed: write a new one).
 */
export async function startCredentialRevocation(opts: { bus: MessageBus; natsUrl: string; feed: LiveFeed; auth: NatsAuth; logger: Logger }) {
  const { bus, feed, auth, logger } = opts;
  if (!auth.revocation) {
    logger.warn('the NATS trust chain has no revocation keys: a kicked user keeps nats.ws until the credentials expire');
    return undefined;
  }
  const system = await connect({
    servers: opts.natsUrl.split(',').map((s) => s.trim()).filter(Boolean), name: 'wdiov-revoker', maxReconnectAttempts: -1,
    authenticator: credsAuthenticator(enc.encode(auth.revocation.systemCreds)),
  });
  let revoker: CredentialRevoker;
  let minted: MintedKeys | undefined;
  try {
    minted = new MintedKeys(await bus.kv(buckets.mintedCredentials), logger);
    await minted.start();
    revoker = new CredentialRevoker({
      accountPublicKey: fromSeed(enc.encode(auth.accountSeed)).getPublicKey(), signer: fromSeed(enc.encode(auth.revocation.operatorSigningSeed)),
      system, bucket: await bus.kv(buckets.revokedCredentials), logger,
    });
    await revoker.start();
  } catch (err) {
    // The system account's connection would otherwise retry for ever beside a gateway without revocation.
    minted?.stop();
    await system.close().catch(() => undefined);
    throw err;
  }
  const keys = minted;
  feed.issued.shareWith(keys);
  let closed = false;
  const kicks = bus.subscribe(wildcards.allKicks, async (m) => {
    const parsed = kickMessage.safeParse(m.json());
    if (!parsed.success) return;
    // A key minted on another gateway a moment ago is in the bucket (stored before it was handed out): wait until it is mirrored here.
    await keys.caughtUp();
    // Stopped while waiting: the bus and the revoker are closed, another gateway takes the kick.
    if (closed) return;
    const taken = keys.takeOf(parsed.data.userId, parsed.data.openedBefore, parsed.data);
    // The warning first: the revocation that follows closes the connection it arrives on. It names
    // the keys it is for: every session of the user reads the subject, the newer one stays.
    for (const tenantId of parsed.data.quiet ? [] : new Set(taken.map((k) => k.tenantId))) {
      const forTenant = taken.filter((k) => k.tenantId === tenantId).map((k) => k.publicKey);
      bus.publish(subjects.userMessages(tenantId, parsed.data.userId), JSON.stringify(forcedLogoutFrame(parsed.data.msg, Date.now(), forTenant)));
    }
    // A moment for the warning to reach the browser: the frame and the revocation travel on different connections.
    setTimeout(() => void revoker.revoke(taken).catch(() => undefined), WARNING_LEAD_MS);
  }, { queue: queues.revokeCredentials });
  return {
    revoker,
    minted: keys,
    async close() {
      closed = true;
      kicks.unsubscribe();
      keys.stop();
      revoker.stop();
      await system.close();
    },
  };
}
