import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RULES, type AlarmEvent } from '@wdiov/contracts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../routes/base/test-support.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { HandleTeams } from '../live/handle-teams.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { RECEIVER_SECRETS, startReceivers } from './test-receivers.ts';

const TYPE = ALARM_RULES[0]!.type;
let gw: TestGateway;
let token: string;
let receivers: Awaited<ReturnType<typeof startReceivers>>;
let webhookFailures = 0;
const bus = createMemoryBus();

const post = (path: string, body: unknown) => gw.json(`/api/wdiov-base/${path}`, postJson(body, token));
const get = (path: string) => gw.json(`/api/wdiov-base/${path}`, { token });
const channelId = async (name: string) => String((await get(`notifyChannel/page?channelName=${encodeURIComponent(name)}`)).body.data.records[0].id);
const recordsOf = async (alarmId: string) => (await get(`notifyRecord/page?alarmId=${alarmId}&size=50`)).body.data.records as Record<string, unknown>[];
const inboxOf = (channel: string) => receivers.inbox.filter((m) => m.channel === channel);

let seq = 0;
const alarm = (over: Partial<AlarmEvent> = {}): AlarmEvent => ({
  id: `alarm-${Date.now()}-${++seq}`, phase: 'start', tenantId: '000000', vin: 'LNOTIFY0000000001', vehicleId: '1', plate: '沪A·N0001',
  level: 2, startTime: Date.now(), endTime: null, live: true, speedKmh: 88, lng: 121.47, lat: 31.23,
  source: 'gbt32960', alarmType: TYPE, alarmName: '报警', ...over,
});

beforeAll(async () => {
  gw = await createTestGateway({ NOTIFY_DIGEST_AFTER: '3' });
  token = await gw.signIn();
  receivers = await startReceivers(RECEIVER_SECRETS, (channel) => (channel === 'webhook' && webhookFailures-- > 0 ? 503 : undefined));
  await post('notifyChannel/submit', { channelName: 'hook', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: RECEIVER_SECRETS.webhook, language: 'en' });
  await post('notifyChannel/submit', { channelName: 'ding', channelType: 'dingtalk', target: `${receivers.base}/robot/send?access_token=${RECEIVER_SECRETS.dingToken}`, secret: RECEIVER_SECRETS.dingSecret });
  await post('notifyChannel/submit', { channelName: 'private', channelType: 'webhook', target: 'http://10.1.2.3/hook' });
  const admin = (await gw.repos.get('user').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] })).find((u) => u.account === 'admin')!;
  const team = await post('alarmHandleTeam/submit', {
    teamName: '二级报警组', teamType: 1, level: 2, alarmType: TYPE, userIds: String(admin.id),
    channelIds: [await channelId('hook'), await channelId('ding')].join(','),
  });
  expect(team.body.success).toBe(true);
  await post('alarmHandleTeam/submit', { teamName: '一级报警组', teamType: 1, level: 1, alarmType: TYPE, userIds: String(admin.id), channelIds: await channelId('hook') });
  await post('alarmHandleTeam/submit', { teamName: '三级报警组', teamType: 1, level: 3, alarmType: TYPE, userIds: String(admin.id), channelIds: await channelId('private') });
  await gw.notifications.start(bus, new HandleTeams(gw.repos), { backoffMs: () => 20, sweepAfterMs: 2000 });
});
afterAll(async () => {
  await gw?.notifications.stop();
  await receivers?.close();
  await bus.close();
  await gw?.dispose();
});

describe('alarm notifications', { timeout: 60_000 }, () => {
  it('reach each channel of the matching team once, however often the alarm is raised', async () => {
    const e = alarm();
    gw.notifications.raised('alarm', e);
    gw.notifications.raised('alarm', e);
    await until(async () => (await recordsOf(e.id)).filter((r) => r.sendStatus === 1).length === 2);
    await gw.notifications.notifier!.settled();
    const records = await recordsOf(e.id);
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.attempts === 1 && r.sendStatus === 1)).toBe(true);
    expect(inboxOf('webhook')).toHaveLength(1);
    expect(inboxOf('dingtalk')).toHaveLength(1);
    expect(receivers.rejected).toEqual([]);
    const [r] = records;
    const again = await gw.notifications.queue!.enqueue([{ tenantId: '000000', alarmId: e.id, channelId: String(r!.channelId), channelType: String(r!.channelType), recipient: String(r!.recipient), message: { title: 'again', lines: [] }, alarms: [] }]);
    expect(again).toBe(0);
    const hook = inboxOf('webhook')[0]!;
    expect(hook.body.data).toMatchObject({ title: expect.stringContaining('沪A·N0001') });
    expect(String((hook.body.data as { lines: string[] }).lines.join('\n'))).toContain('88 km/h');
    // A receiving program matches on the alarm's type and vehicle, not on its worded name.
    expect((hook.body.data as { alarms: unknown[] }).alarms).toEqual([expect.objectContaining({ id: e.id, vin: e.vin, type: e.alarmType, level: e.level })]);
    expect(JSON.stringify(inboxOf('dingtalk')[0]!.body)).toContain('二级报警');
  });

  it('send nothing for an alarm that needs no handling, an end or reissued data', async () => {
    const before = receivers.inbox.length;
    const quiet = [alarm({ mustHandle: false }), alarm({ phase: 'end' }), alarm({ live: false })];
    for (const e of quiet) gw.notifications.raised('alarm', e);
    await gw.notifications.notifier!.settled();
    for (const e of quiet) expect(await recordsOf(e.id)).toHaveLength(0);
    expect(receivers.inbox.length).toBe(before);
  });

  it('retry with backoff until the receiver takes it, under one webhook-id, recording each attempt', async () => {
    webhookFailures = 2;
    const e = alarm();
    const before = inboxOf('webhook').length;
    gw.notifications.raised('alarm', e);
    const record = await until(async () => (await recordsOf(e.id)).find((r) => r.channelType === 'webhook' && r.sendStatus === 1), 20_000);
    expect(record.attempts).toBe(3);
    expect(inboxOf('webhook')).toHaveLength(before + 1);
  });

  it('record a refused target as failed after one attempt, naming why', async () => {
    const e = alarm({ level: 3 });
    gw.notifications.raised('alarm', e);
    const record = await until(async () => (await recordsOf(e.id)).find((r) => r.sendStatus === 2));
    expect(record.attempts).toBe(1);
    expect(String(record.lastError)).toContain('outbound');
  });

  it('never send a record twice, even when takers race for it', async () => {
    const e = alarm();
    const before = inboxOf('webhook').length;
    gw.notifications.raised('alarm', e);
    const record = await until(async () => (await recordsOf(e.id)).find((r) => r.channelType === 'webhook'));
    const queue = gw.notifications.queue!;
    await Promise.all([queue.take('000000', String(record.id)), queue.take('000000', String(record.id)), queue.take('000000', String(record.id))]);
    await until(async () => (await recordsOf(e.id)).find((r) => r.channelType === 'webhook' && r.sendStatus === 1));
    expect(await queue.take('000000', String(record.id))).toBe('done');
    expect(inboxOf('webhook')).toHaveLength(before + 1);
  });

  it('send through a channel as it is now: one switched off is read so at once, though deliveries keep what they read', async () => {
    const hook = await channelId('hook');
    const switchTo = async (channelStatus: number) => {
      const res = await post('notifyChannel/submit', { id: hook, channelName: 'hook', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: RECEIVER_SECRETS.webhook, language: 'en', channelStatus });
      expect(res.body.success, res.body.msg).toBe(true);
    };
    const enabled = async () => (await gw.notifications.channels.forSending('000000', hook))?.enabled;
    expect(await enabled()).toBe(true);
    await switchTo(0);
    expect(await enabled()).toBe(false);
    await switchTo(1);
    expect(await enabled()).toBe(true);
  });

  it('digest a storm: beyond the threshold a team gets one message listing the rest of the minute', async () => {
    const storm = Array.from({ length: 7 }, () => alarm({ level: 1 }));
    const before = inboxOf('webhook').length;
    for (const e of storm) gw.notifications.raised('alarm', e);
    await gw.notifications.notifier!.settled();
    const alone = (await Promise.all(storm.map((e) => recordsOf(e.id)))).flat();
    expect(alone).toHaveLength(3);
    gw.notifications.notifier!.flushAll();
    await gw.notifications.notifier!.settled();
    await until(() => inboxOf('webhook').length === before + 4);
    const digest = inboxOf('webhook').slice(before).find((m) => (m.body.data as { alarms: unknown[] }).alarms.length > 1)!;
    const listed = (digest.body.data as { alarms: { id: string }[] }).alarms.map((a) => a.id);
    expect(listed).toHaveLength(4);
    expect([...listed, ...alone.map((r) => String(r.alarmId))].sort()).toEqual(storm.map((e) => e.id).sort());
    expect(String((digest.body.data as { title: string }).title)).toContain('4 alarms');
  });
});
