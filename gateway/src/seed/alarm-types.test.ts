import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALARM_RULES } from '@wdiov/contracts';
import { dictTable } from '../db/schema/index.ts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';
import { ensureAlarmTypes } from './alarm-types.ts';

const setup = signedInGateway();

describe('alarm types in the dictionary', () => {
  it('adds the alarm rules a database seeded before them lacks, once, keeping the items it has', async () => {
    const { gw, token } = setup;
    const db = gw.database.db;
    const item = (key: string) => and(eq(dictTable.code, 'alarm_type'), eq(dictTable.dictKey, key));
    // A database from before the offline and fence rules, whose operators renamed one type.
    await db.delete(dictTable).where(item('platform:offline'));
    await db.delete(dictTable).where(item('platform:fence'));
    await db.update(dictTable).set({ dictValue: '超速' }).where(item('platform:overspeed'));
    expect(await ensureAlarmTypes(db, gw.repos)).toBe(2);
    expect(await ensureAlarmTypes(db, gw.repos)).toBe(0);
    gw.dictionaries.invalidate();
    const items = (await gw.json('/api/wdiov-system/dict/dictionary?code=alarm_type', { token })).body.data as { dictKey: string; dictValue: string }[];
    expect(items.map((i) => i.dictKey).sort()).toEqual(ALARM_RULES.map((r) => r.type).sort());
    expect(items.find((i) => i.dictKey === 'platform:overspeed')!.dictValue).toBe('超速');
    expect(items.find((i) => i.dictKey === 'platform:fence')!.dictValue).toBe('电子围栏报警');
  });
});
