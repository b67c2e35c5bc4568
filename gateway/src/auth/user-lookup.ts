import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { clientTable, deptTable, roleTable, tenantTable, userTable } from '../db/schema/index.ts';
import { MemoCache } from '../crud/memo-cache.ts';

const cols = (t: Parameters<typeof getTableColumns>[0]) => getTableColumns(t) as Record<string, PgColumn>;
const U = cols(userTable);
const R = cols(roleTable);
const T = cols(tenantTable);
const C = cols(clientTable);
const D = cols(deptTable);

export interface UserRow {
  id: string; tenantId: string; account: string; password: string | null; name: string | null;
  realName: string | null; avatar: string | null; roleId: string | null; deptId: string | null;
  postId: string | null; status: number;
}

export interface ClientRow { clientId: string; clientSecret: string; authorizedGrantTypes: string; accessTokenValidity: number; refreshTokenValidity: number; status: number }
export interface TenantRow { tenantId: string; tenantName: string; expireTime: Date | null; status: number }
export interface RoleRow { id: string; roleName: string; roleAlias: string }

/** A write taken by another replica reaches this one's sign-ins within this (as grants do, access-policy.ts). */
const TTL_MS = 30_000;

/**
 * The few reads sign-in needs, straight on the tables (no principal exists yet). Clients,
 * tenants and roles change rarely and every sign-in of a shift asks the same few: they are
 * remembered until a write of them on this gateway (at once) or the TTL; users and their
 * status are read fresh on every call.
 */
export class AuthLookup {
  private readonly rarelyChanged = new MemoCache<unknown>(TTL_MS);

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.rarelyChanged.clear();
  }

  private remembered<T>(key: string, read: () => Promise<T>): Promise<T> {
    return this.rarelyChanged.get(key, read) as Promise<T>;
  }

  client(clientId: string): Promise<ClientRow | undefined> {
    return this.remembered(`client|${clientId}`, async () => {
      const [row] = await this.db.select().from(clientTable).where(and(eq(C.clientId!, clientId), eq(C.isDeleted!, 0))).limit(1);
      return row as unknown as ClientRow | undefined;
    });
  }

  tenant(tenantId: string): Promise<TenantRow | undefined> {
    return this.remembered(`tenant|${tenantId}`, async () => {
      const [row] = await this.db.select().from(tenantTable).where(and(eq(T.tenantId!, tenantId), eq(T.isDeleted!, 0))).limit(1);
      return row as unknown as TenantRow | undefined;
    });
  }

  /** The tenant exists, is enabled and has not expired: its users may sign in, refresh, and its share links work. */
  async tenantUsable(tenantId: string, now = Date.now()): Promise<boolean> {
    const t = await this.tenant(tenantId);
    return Boolean(t && t.status === 1 && !(t.expireTime && t.expireTime.getTime() < now));
  }

  async user(tenantId: string, account: string) {
    const [row] = await this.db.select().from(userTable)
      .where(and(eq(U.tenantId!, tenantId), eq(U.account!, account), eq(U.isDeleted!, 0))).limit(1);
    return row as unknown as UserRow | undefined;
  }

  async userById(id: string) {
    const [row] = await this.db.select().from(userTable).where(and(eq(U.id!, id), eq(U.isDeleted!, 0))).limit(1);
    return row as unknown as UserRow | undefined;
  }

  /** Replaces a user's password hash unless it changed since `old` was read (a password change in between wins). */
  async replaceHash(id: string, old: string, next: string): Promise<void> {
    await this.db.update(userTable).set({ password: next } as never).where(and(eq(U.id!, id), eq(U.password!, old)));
  }

  /** Live roles of the given ids in the tenant: id, name and alias. */
  roles(tenantId: string, ids: string[]): Promise<readonly RoleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.remembered(`roles|${tenantId}|${ids.join(',')}`, async () => {
      const rows = await this.db.select({ id: R.id!, roleName: R.roleName!, roleAlias: R.roleAlias! }).from(roleTable)
        .where(and(inArray(R.id!, ids), eq(R.tenantId!, tenantId), eq(R.isDeleted!, 0)));
      return rows as unknown as RoleRow[];
    });
  }

  async depts(tenantId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: D.id!, deptName: D.deptName! }).from(deptTable)
      .where(and(inArray(D.id!, ids), eq(D.tenantId!, tenantId), eq(D.isDeleted!, 0)));
    return rows as unknown as { id: string; deptName: string }[];
  }
}

export const splitList = (v: string | null | undefined) => (v ? v.split(',').filter(Boolean) : []);
