import { and, eq, ne } from 'drizzle-orm';
import { ALARM_RULES, ADMIN_TENANT_ID } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { dictTable } from '../db/schema/index.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';

const CODE = 'alarm_type';

/**
 * Gives the alarm_type dictionary an item for every alarm rule the registry defines: the seed
 * wrote the rules of its day once, so a rule added since reaches databases seeded before it
 * (and the selects and submit checks that read the dictionary). Items already there, renamed
 * or not, are left as they are. Answers how many were added.
 */
export async function ensureAlarmTypes(db: Db, repos: Repositories): Promise<number> {
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const live = and(eq(dictTable.code, CODE), eq(dictTable.isDeleted, 0));
  const [parent] = await db.select({ id: dictTable.id }).from(dictTable).where(and(live, eq(dictTable.parentId, '0'))).limit(1);
  const parentId = parent ? String(parent.id) : await repos.get('dict').insert(sys, { parentId: '0', code: CODE, dictKey: '-1', dictValue: '报警类型', sort: 1, isSealed: 0 });
  const rows = await db.select({ key: dictTable.dictKey, sort: dictTable.sort }).from(dictTable).where(and(live, ne(dictTable.parentId, '0')));
  const have = new Set(rows.map((r) => String(r.key)));
  let sort = rows.reduce((m, r) => Math.max(m, Number(r.sort ?? 0)), 0);
  let added = 0;
  for (const rule of ALARM_RULES) {
    if (have.has(rule.type)) continue;
    await repos.get('dict').insert(sys, { parentId, code: CODE, dictKey: rule.type, dictValue: rule.name.zh, sort: ++sort, isSealed: 0 });
    added++;
  }
  return added;
}
