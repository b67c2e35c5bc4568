import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { clientTable, deptTable, roleTable, tenantTable, userTable } from '../db/schema/index.ts';

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

/** The few reads sign-in needs, straight on the tables (no principal exists yet). */
export class AuthLookup {
  constructor(private readonly db: Db) {}

  async client(clientId: string) {
    const [row] = await this.db.select().from(clientTable).where(and(eq(C.clientId!, clientId), eq(C.isDeleted!, 0))).limit(1);
    return row as unknown as { clientId: string; clientSecret: string; authorizedGrantTypes: string; accessTokenValidity: number; refreshTokenValidity: number; status: number } | undefined;
  }

  async tenant(tenantId: string) {
    const [row] = await this.db.select().from(tenantTable).where(and(eq(T.tenantId!, tenantId), eq(T.isDeleted!, 0))).limit(1);
    return row as unknown as { tenantId: string; tenantName: string; expireTime: Date | null; status: number } | undefined;
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

  /** Live roles of the given ids in the tenant: id, name and alias. */
  async roles(tenantId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: R.id!, roleName: R.roleName!, roleAlias: R.roleAlias! }).from(roleTable)
      .where(and(inArray(R.id!, ids), eq(R.tenantId!, tenantId), eq(R.isDeleted!, 0)));
    return rows as unknown as { id: string; roleName: string; roleAlias: string }[];
  }

  async depts(tenantId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: D.id!, deptName: D.deptName! }).from(deptTable)
      .where(and(inArray(D.id!, ids), eq(D.tenantId!, tenantId), eq(D.isDeleted!, 0)));
    return rows as unknown as { id: string; deptName: string }[];
  }
}

export const splitList = (v: string | null | undefined) => (v ? v.split(',').filter(Boolean) : []);
