/**
 * Exactly one gateway forwards for a platform: it holds a Postgres session advisory lock keyed
 * by the platform id on a connection of its own. A gateway that dies (or loses that connection)
 * releases its locks with its session, and another gateway takes them over at its next try.
 * On the embedded database (PGlite) there is one gateway process, which holds every lease.
 */
import pg from 'pg';

/** First key of the advisory locks (the second is the platform id's hash). */
const LOCK_SPACE = 32960;

export interface PlatformLease {
  tryAcquire(platformId: string): Promise<boolean>;
  release(platformId: string): Promise<void>;
  /** Called once when every lease was lost at once (the lock connection broke). */
  onLost(handler: () => void): void;
  close(): Promise<void>;
}

/** Leases of the only gateway (embedded database). */
export function localLease(): PlatformLease {
  return { tryAcquire: async () => true, release: async () => {}, onLost: () => {}, close: async () => {} };
}

/** Leases as advisory locks on one Postgres connection; a broken connection loses them all and is opened again on the next try. */
export function postgresLease(databaseUrl: string): PlatformLease {
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  const lostHandlers: (() => void)[] = [];
  const held = new Set<string>();
  const lose = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    held.clear();
    for (const h of lostHandlers) h();
  };
  const open = () => (opening ??= (async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('error', () => lose(c));
    c.on('end', () => lose(c));
    await c.connect();
    client = c;
    return c;
  })().finally(() => (opening = null)));
  return {
    async tryAcquire(platformId) {
      if (held.has(platformId)) return true;
      const c = client ?? (await open());
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_SPACE, platformId]);
      if (rows[0]?.ok) held.add(platformId);
      return rows[0]?.ok === true;
    },
    async release(platformId) {
      if (!held.delete(platformId) || !client) return;
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, platformId]);
    },
    onLost: (h) => void lostHandlers.push(h),
    async close() {
      const c = client;
      client = null;
      held.clear();
      await c?.end();
    },
  };
}
