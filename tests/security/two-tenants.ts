import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { entityList, type AnyEntity } from '@wdiov/contracts';
import { queryRows } from '../../gateway/src/db/client.ts';
import { entitySamples } from '../../gateway/test/entity-samples.ts';
import type { TestGateway } from '../../gateway/test/test-gateway.ts';
import { startSecurityServer, type Answer, type SecurityServer } from './security-server.ts';

export interface TenantSide {
  tenantId: string;
  /** The tenant's `admin`, also holding a role of its tenant it named `administrator`: the access policy lets it every call of its own tenant, so only the engine stands between it and another tenant's rows. */
  token: string;
  samples: ReturnType<typeof entitySamples>;
}

const SHARED_PATHS = entityList.filter((e) => !e.tenant).map((e) => `${e.basePath}/`);

/**
 * Samples of a tenant's rows. A row of a shared type one of them references (a province of a
 * service station) is added by the platform administrator, as in a live system, and read by the tenant.
 */
function tenantSamples(server: SecurityServer, token: string, first: number) {
  const gw = { ...server.gw, json: (path: string, init: RequestInit & { token?: string } = {}) =>
    server.gw.json(path, SHARED_PATHS.some((p) => path.startsWith(p)) && init.method === 'POST' ? { ...init, token: server.admin } : init) };
  return entitySamples(gw as TestGateway, token, first);
}

/** Adds a tenant through the console and signs in its administrator, raised as described on `token`. */
async function addTenant(server: SecurityServer, name: string, first: number): Promise<TenantSide> {
  const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: name, linkman: '赵六' } });
  expect(add.body, `tenant ${name}`).toMatchObject({ code: 200 });
  const page = await server.call('GET', `/api/wdiov-system/tenant/page?tenantName_equal=${encodeURIComponent(name)}`, { token: server.admin });
  const tenantId = page.body.data.records[0].tenantId as string;
  const admin = await server.signIn('admin', '123456', tenantId);
  const role = await server.call('POST', '/api/wdiov-system/role/submit', { token: admin, body: { roleName: '超级管理员', roleAlias: 'administrator', parentId: '0', sort: 2 } });
  expect(role.body).toMatchObject({ code: 200 });
  const roles = (await server.call('GET', '/api/wdiov-system/role/list', { token: admin })).body.data as { id: string; roleAlias: string }[];
  const roleId = roles.find((r) => r.roleAlias === 'administrator')!.id;
  const me = (await server.call('GET', '/api/wdiov-user/page?account=admin&size=10', { token: admin })).body.data.records[0];
  const grant = await server.call('POST', `/api/wdiov-user/grant?userIds=${me.id}&roleIds=${me.roleId},${roleId}`, { token: admin });
  expect(grant.body).toMatchObject({ code: 200 });
  const token = await server.signIn('admin', '123456', tenantId);
  return { tenantId, token, samples: tenantSamples(server, token, first) };
}

/** One gateway over HTTP with two tenants, A (the victim) and B (the prober), and the platform administrator's samples. */
export async function startTwoTenants(env: Record<string, string> = {}) {
  const server = await startSecurityServer(env);
  const a = await addTenant(server, '甲租户', 1);
  // Apart, so their platform-unique values (VINs) never meet.
  const b = await addTenant(server, '乙租户', 5001);
  const platform = entitySamples(server.gw, server.admin);
  const db = server.gw.database.db;

  /** The stored row as text, deleted or not, straight from the table (undefined: no such row). */
  async function rowText(entity: AnyEntity, id: string): Promise<string | undefined> {
    const [r] = await queryRows<{ f: string }>(db, sql`select t::text as f from ${sql.identifier(entity.table)} t where t.id = ${id}`);
    return r?.f;
  }

  /** A fingerprint of a whole table (count and content), to show a refused write changed nothing. */
  async function tableText(entity: AnyEntity): Promise<string> {
    const [r] = await queryRows<{ f: string }>(db, sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as f from ${sql.identifier(entity.table)} t`);
    return r!.f;
  }

  /** Tables whose rows a refused call may still add: the logs recording it, sign-in state. */
  const UNWATCHED = /log|revoked|login_failure|captcha|drizzle/;

  /** A fingerprint of every table of the database but those of UNWATCHED. */
  async function databaseText(): Promise<Record<string, string>> {
    const tables = await queryRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    const out: Record<string, string> = {};
    for (const { name } of tables.filter((x) => !UNWATCHED.test(x.name))) {
      const [r] = await queryRows<{ f: string }>(db, sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from ${sql.identifier(name)} t`);
      out[name] = r!.f;
    }
    return out;
  }

  return { server, a, b, platform, rowText, tableText, databaseText, stop: () => server.stop() };
}

export type TwoTenants = Awaited<ReturnType<typeof startTwoTenants>>;

/** Whether an answer gave the caller what it asked for (the envelope's 200). */
export const answered = (r: Answer) => r.status === 200 && (r.body?.code === undefined || r.body.code === 200);

/** The answer's data as text (its message may echo the id the caller sent, which is no leak). */
export const dataText = (r: Answer) => JSON.stringify(r.body?.data ?? (typeof r.body === 'object' ? { ...r.body, msg: undefined } : r.body) ?? null);
