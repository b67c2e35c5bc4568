import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { queryRows } from '../db/client.ts';
import { ManualClock } from '../notify/escalation-fixture.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { addModelFleet, addWarningRows, vinsOf } from './model-level-fixture.ts';
import { ModelLevelJob, MODEL_LEVEL_JOB_MS } from './model-level-job.ts';
import { SafetySettingsSource } from './settings-source.ts';

const DAY_MS = 86_400_000;
// A millisecond: the notice's release time (to the second) is then already past for the inbox, which shows only released notices.
const FIRST_MS = 1;
let gw: TestGateway;
let token: string;
let clock: ManualClock;
let job: ModelLevelJob;
const coach = vinsOf('LMLJCO', 10);
const tractor = vinsOf('LMLJTR', 10);
const theirs = vinsOf('LMLJTH', 4);

interface Notice { tenant_id: string; title: string; content: string; category: number }
const notices = () => queryRows<Notice>(gw.database.db, sql`SELECT tenant_id, title, content, category FROM wdiov_notice
  WHERE title LIKE '车型安全预警%' ORDER BY create_time, id`);
/** The next daily run: the clock moves on and the test waits for the run it started. */
const nextRun = async (ms = MODEL_LEVEL_JOB_MS) => {
  clock.advance(ms);
  return job.running;
};

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  await otherTenant(gw);
  const db = gw.database.db;
  await addModelFleet(db, '000000', { name: 'Coach 11m', vins: coach });
  await addModelFleet(db, '000000', { name: 'Tractor 4x2', vins: tractor });
  await addModelFleet(db, '000001', { name: 'Their van', vins: theirs });
  const recent = Date.now() - 3 * DAY_MS;
  await addWarningRows(db, '000000', [
    // Coach: 1 of 10 with a level-3 fault, 10 % > 5 %. Tractor: 1 of 10 with a hidden danger, exactly 10 %: not above it.
    { vin: coach[0]!, item: 'F11', level: 3, raisedAt: recent }, { vin: tractor[0]!, item: 'C9', level: 1, raisedAt: recent },
  ]);
  await addWarningRows(db, '000001', [{ vin: theirs[0]!, item: 'C3', level: 1, raisedAt: recent }, { vin: theirs[1]!, item: 'C9', level: 1, raisedAt: recent }]);
  clock = new ManualClock();
  job = new ModelLevelJob(db, gw.repos, new SafetySettingsSource(db), 480, undefined, clock);
  job.start(FIRST_MS);
});
afterAll(async () => {
  job.stop();
  await gw.dispose();
});

describe('the daily model-level escalation', () => {
  it('writes one notice per model newly escalated, in its own tenant, naming the model, its ratio and the threshold', async () => {
    expect(await nextRun(FIRST_MS - 1)).toBe(0);
    expect(await notices()).toEqual([]);
    expect(await nextRun(1)).toBe(2);
    const written = await notices();
    expect(written.map((n) => n.tenant_id).sort()).toEqual(['000000', '000001']);
    const mine = written.find((n) => n.tenant_id === '000000')!;
    expect(mine.title).toBe('车型安全预警：Coach 11m 三级故障车辆占比 10%，超过 5% / Model-level safety: Coach 11m, vehicles with a level-3 fault 10%, above 5%');
    expect(mine.content).toContain('在用车辆 10 辆中有 1 辆发生三级故障');
    expect(mine.content).toContain('1 of the 10 in-use vehicles of model "Coach 11m" had a level-3 fault: 10%, above the 5% threshold (GB/T 45688 Table D.1 row 4)');
    expect(Number(mine.category)).toBe(6);
    expect(written.find((n) => n.tenant_id === '000001')!.title).toContain('Their van 隐患车辆占比 50%，超过 10%');
    // The tenant's notice box shows it to its administrator.
    const inbox = await gw.json('/api/wdiov-desk/notice/inbox', { token });
    expect(inbox.body.data.notice.items.map((i: { title: string }) => i.title)).toContain(mine.title);
  });

  it('writes nothing on the next runs while the models stay escalated', async () => {
    expect(await nextRun()).toBe(0);
    expect(await nextRun()).toBe(0);
    expect(await notices()).toHaveLength(2);
  });

  it('notifies a model that crosses later, and one that falls back and crosses again', async () => {
    const db = gw.database.db;
    await addWarningRows(db, '000000', [{ vin: tractor[1]!, item: 'C10', level: 1, raisedAt: clock.now() - DAY_MS }]);
    expect(await nextRun()).toBe(1);
    expect((await notices()).at(-1)!.title).toContain('Tractor 4x2 隐患车辆占比 20%，超过 10%');
    await db.execute(sql`UPDATE wdiov_safety_warning SET is_deleted = 1 WHERE vin = ${coach[0]!}`);
    expect(await nextRun()).toBe(0);
    await db.execute(sql`UPDATE wdiov_safety_warning SET is_deleted = 0 WHERE vin = ${coach[0]!}`);
    expect(await nextRun()).toBe(1);
    expect((await notices()).at(-1)!.title).toContain('Coach 11m 三级故障车辆占比 10%');
    expect(await notices()).toHaveLength(4);
  });
});
