import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedObject } from '../db/schema/storage.ts';

export type StoredObject = typeof storedObject.$inferSelect;

export interface QuotaLimits {
  userBytes: number;
  tenantBytes: number;
}

/** Which quota an upload would exceed, with what was already used of it. */
export interface QuotaRefusal {
  quota: 'user' | 'tenant';
  limit: number;
  used: number;
}

/** The records of stored objects (db/schema/storage.ts): where each is, whose it is, how large. */
export class StoredObjects {
  constructor(private readonly db: Db) {}

  /**
   * Records a new object unless it would take its user or tenant past a daily quota (counted
   * from `since`, the start of the console's day). The tenant's uploads are counted and recorded
   * under one lock, so two uploads at once cannot both fit into the last of a quota.
   */
  async reserve(row: Omit<StoredObject, 'removedAt'>, limits: QuotaLimits, since: Date): Promise<QuotaRefusal | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wdiov-upload-quota:${row.tenantId}`}))`);
      const [usage] = await tx
        .select({
          tenant: sql<string>`coalesce(sum(${storedObject.size}), 0)`,
          user: sql<string>`coalesce(sum(${storedObject.size}) filter (where ${storedObject.createUser} = ${row.createUser}), 0)`,
        })
        .from(storedObject)
        .where(and(eq(storedObject.tenantId, row.tenantId), gte(storedObject.createTime, since)));
      const user = Number(usage?.user ?? 0);
      const tenant = Number(usage?.tenant ?? 0);
      if (user + row.size > limits.userBytes) return { quota: 'user', limit: limits.userBytes, used: user };
      if (tenant + row.size > limits.tenantBytes) return { quota: 'tenant', limit: limits.tenantBytes, used: tenant };
      await tx.insert(storedObject).values(row);
      return null;
    });
  }

  /** A live (not removed) object by its name. */
  async find(name: string): Promise<StoredObject | undefined> {
    const [row] = await this.db.select().from(storedObject).where(and(eq(storedObject.name, name), isNull(storedObject.removedAt))).limit(1);
    return row;
  }

  /** Whether an object of this name was ever recorded (removed ones included). */
  async known(name: string): Promise<boolean> {
    const [row] = await this.db.select({ name: storedObject.name }).from(storedObject).where(eq(storedObject.name, name)).limit(1);
    return row !== undefined;
  }

  /** Marks an object removed (it still counts towards the day's quota). */
  async markRemoved(name: string): Promise<void> {
    await this.db.update(storedObject).set({ removedAt: new Date() }).where(eq(storedObject.name, name));
  }

  /** Forgets a reservation whose object could not be written (it does not count). */
  async forget(name: string): Promise<void> {
    await this.db.delete(storedObject).where(eq(storedObject.name, name));
  }
}
