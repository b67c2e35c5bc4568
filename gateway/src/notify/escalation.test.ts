import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RULES, type AlarmEvent } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../routes/base/test-support.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { HandleTeams } from '../live/handle-teams.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { RECEIVER_SECRETS, startReceivers } from './test-receivers.ts';
import { ManualClock, seedEscalationTeams } from './escalation-fixture.ts';

const TYPE = ALARM_RULES[0]!.type;
const clock = new ManualClock();
const bus = createMemoryBus();
let gw: TestGateway;
let token: string;
let receivers: Awaited<ReturnType<typeof startReceivers>>;
const get = (path: string) => gw.json(`/api/wdiov-base/${path}`, { token });
const inboxOf = (c: string) => receivers.inbox.filter((m) => m.channel === c);
let seq = 0;
const alarm = (): AlarmEvent => ({
  id: `${Date.now()}${++seq}`, phase: 'start', tenantId: '000000', vin: 'LESCALATE00000001', vehicleId: '1', plate: '沪A·E0001',
  level: 2, startTime: Date.now(), endTime: null, live: true, speedKmh: 40, lng: null, lat: null, source: 'gbt32960', alarmType: TYPE, alarmName: '报警',
});

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  receivers = await startReceivers(RECEIVER_SECRETS);
  await seedEscalationTeams(gw, token, receivers, TYPE);
  await gw.notifications.start(bus, new HandleTeams(gw.repos), { schedule: clock.schedule });
});
afterAll(async () => {
  await gw?.notifications.stop();
  await receivers?.close();
  await bus.close();
  await gw?.dispose();
});

describe('escalation', { timeout: 60_000 }, () => {
  it('notifies the next level\'s team once an alarm is left unhandled past the limit, not before', async () => {
    const e = alarm();
    gw.notifications.raised('alarm', e);
    await until(() => inboxOf('webhook').length === 1);
    clock.advance(4 * 60_000);
    await gw.notifications.notifier!.settled();
    expect(inboxOf('dingtalk')).toHaveLength(0);
    clock.advance(60_000);
    await gw.notifications.notifier!.settled();
    await until(() => inboxOf('dingtalk').length === 1);
    expect(JSON.stringify(inboxOf('dingtalk')[0]!.body)).toContain('【升级】');
    const records = (await get(`notifyRecord/page?alarmId=${e.id}`)).body.data.records as { channelType: string }[];
    expect(records.map((r) => r.channelType).sort()).toEqual(['dingtalk', 'webhook']);
  });

  it('stops once the alarm is handled', async () => {
    const e = alarm();
    const repo = gw.repos.get('vehicleAlarmData');
    gw.notifications.raised('alarm', e);
    await until(() => inboxOf('webhook').length === 2);
    await repo.db.insert(repo.table).values(repo.filledRow(systemPrincipal('000000'), { vin: e.vin, alarmType: TYPE, alarmLevel: 2, isHandle: 1 }, e.id));
    clock.advance(5 * 60_000);
    await gw.notifications.notifier!.settled();
    await new Promise((r) => setTimeout(r, 500));
    expect(inboxOf('dingtalk')).toHaveLength(1);
    expect(gw.notifications.notifier!.escalationsPending).toBe(0);
  });
});
