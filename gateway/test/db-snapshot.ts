import { sql } from 'drizzle-orm';
import { entityList } from '@wdiov/contracts';
import type { Db } from '../src/db/client.ts';

/** A fingerprint of every entity table's content, to assert that a refused request wrote nothing. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of entityList) {
    const r = await db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as f from ${e.table} t`));
    out[e.table] = String((r.rows[0] as { f: string }).f);
  }
  return out;
}
