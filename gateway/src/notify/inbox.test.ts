import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDateTime } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { userTable } from '../db/schema/index.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { clerkWith } from '../../test/clerk.ts';
import { entitySamples } from '../../test/entity-samples.ts';

const INBOX = '/api/wdiov-desk/notice/inbox';
const sys = systemPrincipal('000000');
let gw: TestGateway;
let admin: string;
let clerk: { token: string; userId: string };

/** A notification as the delivery queue stores it: to one recipient through one channel. */
async function notification(channelType: 'email' | 'sms' | 'webhook', recipient: string, alarmName: string) {
  const repo = gw.repos.get('notifyRecord');
  const row = repo.filledRow(sys, {
    alarmId: `alarm-${alarmName}`, carPlate: '粤B·N0001', alarmName, channelType, recipient, sendStatus: 1, attempts: 1,
    deliveryKey: `${alarmName}-${recipient}`.slice(0, 64), message: { title: alarmName },
  });
  await repo.db.insert(repo.table).values(row);
  return String(row.id);
}

const inbox = async (token = admin) => {
  const answer = await gw.json(INBOX, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data;
};
const mark = (box: string, ids: string[], token = admin) => gw.json(`${INBOX}/read`, postJson({ box, ids }, token));
const markAll = (box: string, token = admin) => gw.json(`${INBOX}/read-all`, postJson({ box }, token));
const notice = async (title: string, releaseMs: number) => {
  const answer = await gw.json('/api/wdiov-desk/notice/submit', postJson({ title, category: 1, releaseTime: formatDateTime(releaseMs, 480), content: `${title}的内容` }, admin));
  expect(answer.body.code).toBe(200);
};

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  clerk = await clerkWith({ gw, token: admin, samples: entitySamples(gw, admin) }, 'inboxclerk', []);
  const [me] = await gw.database.db.select({ id: userTable.id }).from(userTable).where(eq(userTable.account, 'admin')).limit(1);
  await gw.database.db.update(userTable).set({ email: 'admin@fleet.test', phone: '13800000001' }).where(eq(userTable.id, me!.id));
});
afterAll(() => gw.dispose());

describe('notice inbox', () => {
  it('holds the notifications addressed to the caller and the released notices, all unread at first', async () => {
    const mailId = await notification('email', 'admin@fleet.test', 'SOC低报警');
    await notification('email', 'someone@else.test', '别人的报警');
    await notification('sms', '13800000001', '电池高温报警');
    await notification('webhook', 'hooks.fleet.test', '群机器人报警');
    await notice('平台维护', Date.now() - 60_000);
    await notice('明天的通知', Date.now() + 86_400_000);
    const boxes = await inbox();
    expect(boxes.mail).toMatchObject({ unread: 1, items: [{ id: mailId, title: 'SOC低报警', detail: '粤B·N0001', read: false }] });
    expect(boxes.message.items.map((i: { title: string }) => i.title)).toEqual(['电池高温报警']);
    expect(boxes.notice).toMatchObject({ unread: 1, items: [{ title: '平台维护', read: false }] });
  });

  it('marks one item read for the caller only, and keeps it so', async () => {
    const [item] = (await inbox()).notice.items;
    expect((await mark('notice', [item.id])).body).toMatchObject({ code: 200, data: { box: 'notice', unread: 0 } });
    expect((await inbox()).notice).toMatchObject({ unread: 0, items: [{ id: item.id, read: true }] });
    // Another user of the tenant sees the same notice unread, and no notification of the admin's.
    const theirs = await inbox(clerk.token);
    expect(theirs.notice).toMatchObject({ unread: 1, items: [{ id: item.id, read: false }] });
    expect(theirs.mail).toEqual({ unread: 0, items: [] });
  });

  it('marks everything a box holds read, and what arrives later is unread again', async () => {
    await notification('email', 'admin@fleet.test', '绝缘报警');
    expect((await inbox()).mail.unread).toBe(2);
    expect((await markAll('mail')).body).toMatchObject({ code: 200, data: { box: 'mail', unread: 0 } });
    const after = await inbox();
    expect(after.mail.unread).toBe(0);
    expect(after.mail.items.every((i: { read: boolean }) => i.read)).toBe(true);
    expect(after.message.unread).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notification('email', 'admin@fleet.test', '新的报警');
    const later = (await inbox()).mail;
    expect(later.unread).toBe(1);
    expect(later.items.map((i: { title: string; read: boolean }) => [i.title, i.read])).toEqual([['新的报警', false], ['绝缘报警', true], ['SOC低报警', true]]);
  });

  it('refuses a bad box or bad ids and changes nothing', async () => {
    const before = await inbox();
    const badBox = await markAll('trash');
    expect(badBox.body).toMatchObject({ code: 400, success: false });
    expect(badBox.body.msg).toContain('box');
    expect((await mark('mail', [])).body.code).toBe(400);
    expect((await mark('mail', ['abc'])).body.code).toBe(400);
    // An id of another box, or of no item of the caller, marks nothing.
    expect((await mark('message', [before.mail.items[0].id])).body).toMatchObject({ code: 200, data: { unread: 1 } });
    expect(await inbox()).toEqual(before);
  });
});
