import { sql } from 'drizzle-orm';
import { entityByName, entityList, type AnyEntity } from '@wdiov/contracts';
import { queryRows, type Db } from '../src/db/client.ts';

/**
 * A fingerprint of entity tables' content (every one by default), to assert that a refused
 * request wrote nothing. The log tables are left out: recording the refused call is their job.
 */
export async function snapshot(db: Db, tables: readonly string[] = entityList.filter((x) => !x.name.startsWith('log')).map((e) => e.table)): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [r] = await queryRows<{ f: string }>(db, sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as f from ${table} t`));
    out[table] = r!.f;
  }
  return out;
}

/**
 * Entities whose routes write other entities' tables too: adding a tenant sets up its
 * administrator role, department, post and user (routes/system/tenant-setup.ts).
 */
const WRITES_ALSO: Record<string, string[]> = { tenant: ['role', 'dept', 'post', 'user'] };

/**
 * The tables a call on an entity's routes can write: its own, since the generic routes write
 * only their repository's table (crud/crud-router.ts; crud/behaviours.ts reads others, never
 * writes), plus those of WRITES_ALSO.
 */
export const tablesOf = (entity: AnyEntity): string[] => [entity, ...(WRITES_ALSO[entity.name] ?? []).map((n) => entityByName(n)!)].map((e) => e.table);
