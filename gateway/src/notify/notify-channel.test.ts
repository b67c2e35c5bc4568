import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { RECEIVER_SECRETS, startReceivers } from './test-receivers.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { createHash } from 'node:crypto';

let gw: TestGateway;
let token: string;
let receivers: Awaited<ReturnType<typeof startReceivers>>;

const post = (path: string, body: unknown, lang?: string) => {
  const init = postJson(body, token);
  if (lang) init.headers = { ...(init.headers as Record<string, string>), 'Accept-Language': lang };
  return gw.json(`/api/wdiov-base/${path}`, init);
};
const get = (path: string) => gw.json(`/api/wdiov-base/${path}`, { token });
const idOf = async (name: string) => String((await get(`notifyChannel/page?channelName=${encodeURIComponent(name)}`)).body.data.records[0].id);

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  receivers = await startReceivers(RECEIVER_SECRETS);
});
afterAll(async () => {
  await receivers?.close();
  await gw?.dispose();
});

describe('notification channels', { timeout: 60_000 }, () => {
  it('store the secret sealed and answer only that one is set', async () => {
    const res = await post('notifyChannel/submit', { channelName: '告警回调', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: RECEIVER_SECRETS.webhook });
    expect(res.body.success).toBe(true);
    const id = await idOf('告警回调');
    const detail = (await get(`notifyChannel/detail?id=${id}`)).body.data;
    expect(detail).not.toHaveProperty('secret');
    expect(detail.hasSecret).toBe(1);
    const page = JSON.stringify((await get('notifyChannel/page')).body);
    expect(page).not.toContain(RECEIVER_SECRETS.webhook.slice(6, 20));
    const stored = await gw.database.db.execute(sql`select secret from wdiov_notify_channel where id = ${id}`);
    const value = String((stored as unknown as { rows: { secret: string }[] }).rows[0]!.secret);
    expect(value.startsWith('v1:')).toBe(true);
    expect(value).not.toContain(RECEIVER_SECRETS.webhook.slice(6));
  });

  it('send a signed test message and answer the outcome, keeping the secret on an update that leaves it out', async () => {
    const id = await idOf('告警回调');
    const first = await post(`notifyChannel/test?id=${id}`, {});
    expect(first.body.data).toMatchObject({ sent: true });
    expect(receivers.inbox.filter((m) => m.channel === 'webhook')).toHaveLength(1);
    expect(receivers.rejected).toEqual([]);
    expect((await post('notifyChannel/submit', { id, channelName: '告警回调', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, language: 'en' })).body.success).toBe(true);
    expect((await post(`notifyChannel/test?id=${id}`, {})).body.data).toMatchObject({ sent: true });
    const second = receivers.inbox.filter((m) => m.channel === 'webhook')[1]!;
    expect(String((second.body.data as { title: string }).title)).toContain('Notification channel test');
  });

  it('store each test send as a delivery record of its channel, sent or failed', async () => {
    const id = await idOf('告警回调');
    const records = (await get(`notifyRecord/page?channelId=${id}`)).body.data.records as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.sendStatus === 1 && r.attempts === 1 && r.channelType === 'webhook' && r.recipient === new URL(receivers.base).host)).toBe(true);
    expect(records.every((r) => String(r.alarmId).startsWith('test-') && r.sentTime)).toBe(true);
    expect((await post('notifyChannel/submit', { channelName: '坏钥', channelType: 'webhook', target: `${receivers.base}/hooks/alarm`, secret: 'whsec_d3Jvbmc=' })).body.success).toBe(true);
    const bad = await idOf('坏钥');
    expect((await post(`notifyChannel/test?id=${bad}`, {})).body.data).toMatchObject({ sent: false, error: 'HTTP 401' });
    const [failed] = (await get(`notifyRecord/page?channelId=${bad}`)).body.data.records as Record<string, unknown>[];
    expect(failed).toMatchObject({ sendStatus: 2, attempts: 1, lastError: 'HTTP 401' });
    expect(failed!.sentTime ?? null).toBeNull();
    receivers.rejected.splice(0);
  });

  it('answer a refused link or a wrong signature as a failed delivery', async () => {
    expect((await post('notifyChannel/submit', { channelName: '内网', channelType: 'webhook', target: 'http://10.20.30.40/hook', secret: 'x' })).body.success).toBe(true);
    const refused = (await post(`notifyChannel/test?id=${await idOf('内网')}`, {})).body.data;
    expect(refused.sent).toBe(false);
    expect(refused.error).toContain('outbound');
    await post('notifyChannel/submit', { channelName: '钉钉', channelType: 'dingtalk', target: `${receivers.base}/robot/send?access_token=${RECEIVER_SECRETS.dingToken}`, secret: 'SECwrong' });
    const wrong = (await post(`notifyChannel/test?id=${await idOf('钉钉')}`, {})).body.data;
    expect(wrong).toMatchObject({ sent: false });
    expect(wrong.error).toContain('310000');
  });

  it('post to a WeCom robot, and answer e-mail without an address or a server as not sent', async () => {
    await post('notifyChannel/submit', { channelName: '企微', channelType: 'wecom', target: `${receivers.base}/cgi-bin/webhook/send?key=${RECEIVER_SECRETS.wecomKey}` });
    expect((await post(`notifyChannel/test?id=${await idOf('企微')}`, {})).body.data).toMatchObject({ sent: true, recipients: [new URL(receivers.base).host] });
    expect(String((receivers.inbox.find((m) => m.channel === 'wecom')!.body.markdown as { content: string }).content)).toContain('通知渠道测试');
    await post('notifyChannel/submit', { channelName: '邮件', channelType: 'email' });
    const mail = await idOf('邮件');
    const admin = (await gw.repos.get('user').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] })).find((u) => u.account === 'admin')!;
    await gw.repos.get('user').update(systemPrincipal('000000'), String(admin.id), { email: null });
    const nobody = await post(`notifyChannel/test?id=${mail}`, {}, 'en');
    expect(nobody.body).toMatchObject({ code: 400, success: false });
    expect(nobody.body.msg).toContain('e-mail address');
    await gw.repos.get('user').update(systemPrincipal('000000'), String(admin.id), { email: 'ops@fleet.example' });
    expect((await post(`notifyChannel/test?id=${mail}`, {})).body.data).toMatchObject({ sent: false, recipients: ['ops@fleet.example'], error: expect.stringContaining('SMTP') });
  });

  it('send a test only for a user granted the button, and only through a channel of the caller\'s tenant', async () => {
    const id = await idOf('告警回调');
    const before = receivers.inbox.length;
    const md5 = (v: string) => createHash('md5').update(v).digest('hex');
    const makeUser = async (tenantId: string, account: string, roleAlias: string) => {
      const sys = systemPrincipal(tenantId);
      const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: roleAlias, roleAlias, sort: 1 });
      const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: `${account}-dept`, fullName: `${account}-dept`, sort: 1, deptCategory: 1 });
      await gw.repos.get('user').insert(sys, { account, realName: account, password: md5('pw'), roleId, deptId, email: `${account}@fleet.example` });
    };
    await makeUser('000000', 'clerk', 'clerk');
    const clerk = await gw.signIn('clerk', 'pw');
    const refused = await gw.json(`/api/wdiov-base/notifyChannel/test?id=${id}`, postJson({}, clerk));
    expect(refused.body).toMatchObject({ code: 403, success: false });
    await gw.repos.get('tenant').insert(systemPrincipal('000000'), { tenantId: '000001', tenantName: '租户B' });
    await makeUser('000001', 'boss', 'administrator');
    const boss = await gw.signIn('boss', 'pw', '000001');
    const foreign = await gw.json(`/api/wdiov-base/notifyChannel/test?id=${id}`, postJson({}, boss));
    expect(foreign.body).toMatchObject({ code: 404, success: false });
    expect(receivers.inbox.length).toBe(before);
  });

  it('appear in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty('/api/wdiov-base/notifyChannel/test');
    expect(doc.paths).toHaveProperty('/api/wdiov-base/notifyRecord/page');
  });

  it('refuse settings that do not fit the type, in the request language, storing nothing', async () => {
    const before = (await get('notifyChannel/page')).body.data.total;
    const zh = await post('notifyChannel/submit', { channelName: '无地址', channelType: 'feishu' });
    expect(zh.body).toMatchObject({ code: 400, success: false });
    expect(zh.body.msg).toContain('目标地址');
    const en = await post('notifyChannel/submit', { channelName: 'sms', channelType: 'sms', smsProvider: 'tencent', accessKey: 'AKID', signName: 's', templateCode: '1' }, 'en');
    expect(en.body.msg).toContain('SMS app ID');
    const badType = await post('notifyChannel/submit', { channelName: 'x', channelType: 'pager' });
    expect(badType.body.code).toBe(400);
    const badId = await post('notifyChannel/test?id=abc', {});
    expect(badId.body).toMatchObject({ code: 400, success: false });
    expect((await get('notifyChannel/page')).body.data.total).toBe(before);
  });
});
