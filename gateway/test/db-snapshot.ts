import { sql } from 'drizzle-orm';
import { entityList } from '@wdiov/contracts';
import { queryRows, type Db } from '../src/db/client.ts';

/**
 * A fingerprint of every entity table's content, to assert that a refused request wrote nothing.
 * The log tables are left out: recording the refused call is their job.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of entityList.filter((x) => !x.name.startsWith('log'))) {
    const [r] = await queryRows<{ f: string }>(db, sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as f from ${e.table} t`));
    out[e.table] = r!.f;
  }
  return out;
}
