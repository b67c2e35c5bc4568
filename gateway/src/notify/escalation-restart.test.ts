import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALARM_RULES, type AlarmEvent } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../routes/base/test-support.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { HandleTeams } from '../live/handle-teams.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { createLogger } from '../lib/logger.ts';
import { notifyEscalations } from '../db/schema/notify.ts';
import { RECEIVER_SECRETS, startReceivers } from './test-receivers.ts';
import { ManualClock, seedEscalationTeams } from './escalation-fixture.ts';
import { AlarmNotifier } from './alarm-notifier.ts';

const TYPE = ALARM_RULES[0]!.type;
const clock = new ManualClock();
const bus = createMemoryBus();
const teams = () => new HandleTeams(gw.repos);
let gw: TestGateway;
let token: string;
let receivers: Awaited<ReturnType<typeof startReceivers>>;
const escalatedFor = (e: AlarmEvent) => receivers.inbox.filter((m) => m.channel === 'dingtalk' && JSON.stringify(m.body).includes(e.plate));
const stored = async (e: AlarmEvent) => gw.database.db.select().from(notifyEscalations).where(eq(notifyEscalations.alarmId, e.id));
let seq = 0;
const alarm = (): AlarmEvent => ({
  id: `${Date.now()}${++seq}`, phase: 'start', tenantId: '000000', vin: 'LRESTART000000001', vehicleId: '1', plate: `沪A·R000${++seq}`,
  level: 2, startTime: Date.now(), endTime: null, live: true, speedKmh: 40, lng: null, lat: null, source: 'gbt32960', alarmType: TYPE, alarmName: '报警',
});
const start = () => gw.notifications.start(bus, teams(), { schedule: clock.schedule, now: clock.now });
/** What a gateway restart does to the notifications: all in memory gone, a new notifier armed from the database. */
async function restart() {
  await gw.notifications.stop();
  await start();
}
const settle = async () => {
  await gw.notifications.notifier!.settled();
  await new Promise((r) => setTimeout(r, 300));
};

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  receivers = await startReceivers(RECEIVER_SECRETS);
  await seedEscalationTeams(gw, token, receivers, TYPE);
  await start();
});
afterAll(async () => {
  await gw?.notifications.stop();
  await receivers?.close();
  await bus.close();
  await gw?.dispose();
});

describe('escalation over a restart', { timeout: 90_000 }, () => {
  it('fires once when due after the gateway restarted, even armed by two gateways', async () => {
    const e = alarm();
    gw.notifications.raised('alarm', e);
    await until(() => receivers.inbox.some((m) => m.channel === 'webhook' && JSON.stringify(m.body).includes(e.plate)));
    await gw.notifications.notifier!.settled();
    expect(await stored(e)).toHaveLength(1);
    clock.advance(2 * 60_000);
    await restart();
    expect(gw.notifications.notifier!.escalationsPending).toBe(1);
    // A second gateway on the same database arms the same escalation at its start.
    const other = new AlarmNotifier(gw.repos, gw.notifications.channels, gw.notifications.queue!, teams(), createLogger('silent'),
      { utcOffsetMin: 480, digestAfter: 5, now: clock.now, schedule: clock.schedule });
    expect(await other.rearm()).toBe(1);
    clock.advance(2 * 60_000);
    await settle();
    expect(escalatedFor(e)).toHaveLength(0);
    clock.advance(60_000);
    await Promise.all([gw.notifications.notifier!.settled(), other.settled()]);
    await until(() => escalatedFor(e).length === 1);
    expect(JSON.stringify(escalatedFor(e)[0]!.body)).toContain('【升级】');
    clock.advance(10 * 60_000);
    await settle();
    expect(escalatedFor(e)).toHaveLength(1);
    expect(await stored(e)).toHaveLength(0);
    other.stopEscalations();
  });

  it('does not fire after a restart once the alarm was handled before its time', async () => {
    const e = alarm();
    gw.notifications.raised('alarm', e);
    await until(() => receivers.inbox.some((m) => m.channel === 'webhook' && JSON.stringify(m.body).includes(e.plate)));
    await gw.notifications.notifier!.settled();
    await restart();
    const repo = gw.repos.get('vehicleAlarmData');
    await repo.db.insert(repo.table).values(repo.filledRow(systemPrincipal('000000'), { vin: e.vin, alarmType: TYPE, alarmLevel: 2, isHandle: 1 }, e.id));
    clock.advance(5 * 60_000);
    await settle();
    expect(escalatedFor(e)).toHaveLength(0);
    expect(await stored(e)).toHaveLength(0);
    expect(gw.notifications.notifier!.escalationsPending).toBe(0);
  });
});
