/**
 * The browsers' nats.ws user keys every gateway minted credentials for, shared in a KV bucket
 * (keyed by the public key) and mirrored in each gateway's memory. Any gateway can therefore
 * revoke a kicked user's keys, also those minted by a gateway that has since died, and any
 * gateway knows who holds a nats.ws feed, to send their alarm cards there. An entry goes when
 * its credentials are revoked or once they would have expired.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { KvBucket, KvEntry, Subscription } from '../bus/bus.ts';
import type { Principal } from '../crud/principal.ts';

/** What a key's credentials were minted for: the user, and the part of their principal the vehicle scope reads. */
const mintedEntry = z.object({
  userId: z.string(),
  tenantId: z.string(),
  account: z.string(),
  deptId: z.string(),
  deptIds: z.array(z.string()),
  roleIds: z.array(z.string()),
  roleAliases: z.array(z.string()),
  /** The sign-in the credentials were minted for: its sign-out revokes them. */
  family: z.string().optional(),
  /** Epoch ms: minted then, and refused by nats-server from `until` on. */
  mintedAt: z.number(),
  until: z.number(),
});
export type MintedEntry = z.infer<typeof mintedEntry>;

/** Expired entries are swept from memory and the bucket at most this often. */
const SWEEP_MS = 60_000;
/** The key this gateway writes to learn that its mirror holds every key put before (see caughtUp). */
const SYNC_KEY_PREFIX = 'sync.';
/** A mirror that does not catch up in this time is used as it is (a kick then misses the newest keys only). */
const CATCH_UP_TIMEOUT_MS = 5_000;

export const mintedEntryOf = (p: Principal, mintedAt: number, until: number): MintedEntry => ({
  userId: p.userId, tenantId: p.tenantId, account: p.account, deptId: p.deptId, deptIds: p.deptIds,
  roleIds: p.roleIds, roleAliases: p.roleAliases, ...(p.family ? { family: p.family } : {}), mintedAt, until,
});

/** The principal a key holder's vehicle scope is resolved for (without a token of its own). */
export const principalOf = (e: MintedEntry): Principal => ({
  userId: e.userId, tenantId: e.tenantId, account: e.account, deptId: e.deptId, deptIds: e.deptIds,
  roleIds: e.roleIds, roleAliases: e.roleAliases, clientId: 'nats-ws', jti: '', exp: Math.floor(e.until / 1000),
});

export class MintedKeys {
  private readonly held = new Map<string, MintedEntry>();
  private watch?: Subscription;
  private sweptAt = 0;
  /** The highest bucket revision merged so far, and who waits for a higher one. */
  private seen = 0;
  private readonly waiting: { revision: number; done: () => void }[] = [];
  private readonly syncKey = `${SYNC_KEY_PREFIX}${randomUUID()}`;

  constructor(
    private readonly bucket: KvBucket,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves once every entry already in the bucket is mirrored. */
  async start(): Promise<void> {
    this.watch = await this.bucket.watch((e) => this.merge(e));
  }

  stop(): void {
    this.watch?.unsubscribe();
    for (const w of this.waiting.splice(0)) w.done();
    void this.bucket.delete(this.syncKey).catch(() => undefined);
  }

  /**
   * Credentials were minted here for `publicKey`: known at once on this gateway, and resolves true
   * once the bucket holds it (any gateway can then revoke it, also after this one died). False when
   * the bucket did not take it: only this gateway could revoke it, so the credentials are not handed out.
   */
  async note(publicKey: string, entry: MintedEntry): Promise<boolean> {
    // A renewal reuses the browser's key: credentials handed out for it before stay revocable.
    const before = this.held.get(publicKey);
    this.held.set(publicKey, entry);
    this.sweep();
    try {
      await this.bucket.put(publicKey, JSON.stringify(entry));
      return true;
    } catch (err) {
      this.logger.error({ err }, 'a minted nats.ws key was not shared: its credentials are not handed out');
      if (before) this.held.set(publicKey, before);
      else this.forget(publicKey);
      return false;
    }
  }

  /**
   * Resolves once this gateway's mirror holds every key the bucket took before the call: a write
   * of its own, seen come back through the watch (which delivers in revision order). A kick taken
   * right after a sign-in on another gateway thus reaches the key minted there.
   */
  async caughtUp(): Promise<void> {
    let revision: number;
    try {
      revision = await this.bucket.put(this.syncKey, String(this.now()));
    } catch {
      return;
    }
    if (this.seen >= revision) return;
    await new Promise<void>((done) => {
      const timer = setTimeout(done, CATCH_UP_TIMEOUT_MS);
      this.waiting.push({ revision, done: () => (clearTimeout(timer), done()) });
    });
  }

  /**
   * The unexpired keys of a user, last minted before `before` (a forced logout's sessions), taken out of the ledger;
   * only those of sign-in `family` when given, none of `keepFamily`'s.
   */
  takeOf(userId: string, before = Number.POSITIVE_INFINITY, which: { family?: string; keepFamily?: string } = {}): { publicKey: string; until: number; tenantId: string }[] {
    const now = this.now();
    const taken: { publicKey: string; until: number; tenantId: string }[] = [];
    for (const [publicKey, e] of this.held) {
      if (e.userId !== userId || e.until <= now || e.mintedAt >= before) continue;
      if ((which.family !== undefined && e.family !== which.family) || (which.keepFamily !== undefined && e.family === which.keepFamily)) continue;
      taken.push({ publicKey, until: e.until, tenantId: e.tenantId });
      this.forget(publicKey);
    }
    return taken;
  }

  /** The users of a tenant holding unexpired credentials, each with their latest entry. */
  holders(tenantId: string): Map<string, MintedEntry> {
    const now = this.now();
    const users = new Map<string, MintedEntry>();
    for (const e of this.held.values()) {
      if (e.tenantId !== tenantId || e.until <= now) continue;
      if ((users.get(e.userId)?.mintedAt ?? -1) < e.mintedAt) users.set(e.userId, e);
    }
    return users;
  }

  private merge(e: KvEntry): void {
    this.passed(e.revision);
    if (e.key.startsWith(SYNC_KEY_PREFIX)) return;
    if (e.operation !== 'PUT') return void this.held.delete(e.key);
    let parsed;
    try {
      parsed = mintedEntry.safeParse(JSON.parse(e.string()));
    } catch {
      return;
    }
    if (parsed.success) this.held.set(e.key, parsed.data);
  }

  private passed(revision: number): void {
    this.seen = Math.max(this.seen, revision);
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (w.revision <= this.seen) {
        this.waiting.splice(i, 1);
        w.done();
      }
    }
  }

  private forget(publicKey: string): void {
    this.held.delete(publicKey);
    void this.bucket.delete(publicKey).catch(() => undefined);
  }

  /** Every gateway sweeps; deleting a key twice is harmless. */
  private sweep(): void {
    const now = this.now();
    if (now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    for (const [publicKey, e] of this.held) if (e.until <= now) this.forget(publicKey);
  }
}
