import { expect } from 'vitest';
import { postJson, type TestGateway } from '../../test/test-gateway.ts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Schedule } from './alarm-notifier.ts';
import { RECEIVER_SECRETS, type startReceivers } from './test-receivers.ts';

/**
 * A clock moved by hand, for tests: escalation timers run when the test says the minutes have
 * passed, and `now` (the time stored with an escalation) moves with them.
 */
export class ManualClock {
  private at = 0;
  private timers: { due: number; run: () => void; live: boolean }[] = [];
  private readonly base = Date.now();
  now = () => this.base + this.at;
  schedule: Schedule = (run, ms) => {
    const t = { due: this.at + ms, run, live: true };
    this.timers.push(t);
    return { cancel: () => void (t.live = false) };
  };
  advance(ms: number) {
    this.at += ms;
    const due = this.timers.filter((t) => t.live && t.due <= this.at);
    this.timers = this.timers.filter((t) => !due.includes(t));
    for (const t of due) t.run();
  }
}

/**
 * The escalation tests' tenant: a webhook and a DingTalk robot channel on the test receivers, a
 * level-2 team on the webhook that escalates after 5 minutes, and a level-3 team on the robot.
 */
export async function seedEscalationTeams(gw: TestGateway, token: string, receivers: Awaited<ReturnType<typeof startReceivers>>, alarmType: string) {
  const post = (path: string, body: unknown) => gw.json(`/api/wdiov-base/${path}`, postJson(body, token));
  const channelId = async (name: string) => String((await gw.json(`/api/wdiov-base/notifyChannel/page?channelName=${name}`, { token })).body.data.records[0].id);
  await post('notifyChannel/submit', { channelName: 'hook', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: RECEIVER_SECRETS.webhook });
  await post('notifyChannel/submit', { channelName: 'ding', channelType: 'dingtalk', target: `${receivers.base}/robot/send?access_token=${RECEIVER_SECRETS.dingToken}`, secret: RECEIVER_SECRETS.dingSecret });
  const admin = (await gw.repos.get('user').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] })).find((u) => u.account === 'admin')!;
  expect((await post('alarmHandleTeam/submit', { teamName: '二级值班', teamType: 1, level: 2, alarmType, userIds: String(admin.id), channelIds: await channelId('hook'), escalateMinutes: 5 })).body.success).toBe(true);
  await post('alarmHandleTeam/submit', { teamName: '三级主管', teamType: 1, level: 3, alarmType, userIds: String(admin.id), channelIds: await channelId('ding') });
}
