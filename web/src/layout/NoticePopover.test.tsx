import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { InboxBox, InboxItem } from '@wdiov/contracts/api/notice-inbox.route';
import { AppActorsProvider } from '../app/AppActorsProvider';
import { setLanguage } from '../i18n/i18n';
import { createQueryClient } from '../shared/query-client';
import { createTestApp } from '../test-support/app-harness';
import type { RecordedRequest } from '../test-support/fake-fetch';
import { NoticePopover } from './NoticePopover';

type Boxes = Record<InboxBox, InboxItem[]>;
const item = (id: string, title: string, detail = ''): InboxItem => ({ id, title, detail, time: '2026-12-02 09:30:00', read: false });
const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { headers: { 'content-type': 'application/json' } });

/** A gateway of the three boxes: it answers them as they stand and marks read what it is told to. */
function inboxServer(boxes: Boxes) {
  const view = () => Object.fromEntries((Object.keys(boxes) as InboxBox[]).map((box) => [box, { unread: boxes[box].filter((i) => !i.read).length, items: boxes[box] }]));
  const unread = (box: InboxBox) => boxes[box].filter((i) => !i.read).length;
  const body = (req: RecordedRequest) => JSON.parse(String(req.body)) as { box: InboxBox; ids?: string[] };
  return createTestApp({
    '/wdiov-desk/notice/inbox/read-all': async (req) => {
      const { box } = body(req);
      boxes[box] = boxes[box].map((i) => ({ ...i, read: true }));
      return answer({ box, unread: 0 });
    },
    '/wdiov-desk/notice/inbox/read': async (req) => {
      const { box, ids = [] } = body(req);
      boxes[box] = boxes[box].map((i) => (ids.includes(i.id) ? { ...i, read: true } : i));
      return answer({ box, unread: unread(box) });
    },
    '/wdiov-desk/notice/inbox': async () => answer(view()),
  });
}

function show(boxes: Boxes) {
  const app = inboxServer(boxes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppActorsProvider actors={app.actors}><NoticePopover /></AppActorsProvider>
    </QueryClientProvider>,
  );
  return app;
}

const full = (): Boxes => ({
  mail: [item('11', 'SOC低报警', '粤B·N0001')],
  message: [item('21', '电池高温报警', '粤B·N0002'), { ...item('22', '绝缘报警'), read: true }],
  notice: [item('31', '平台维护', '周日凌晨维护')],
});
/** jsdom runs no transitions: an opened overlay panel stays display:none, so what is in it is found with `hidden`. */
const HIDDEN = { hidden: true } as const;
const open = async (bell: string) => act(async () => fireEvent.click(await screen.findByRole('button', { name: bell })));

afterEach(() => setLanguage('zh'));

describe('the notice popover', () => {
  it('shows the unread count on the bell before it is opened', async () => {
    show(full());
    expect(await screen.findByRole('button', { name: '通知, 3条未读' })).toBeInTheDocument();
    expect(document.querySelector('.wd-badge')?.textContent).toBe('3');
  });

  it('opens on the boxes, each with its unread count, the mail first', async () => {
    show(full());
    await open('通知, 3条未读');
    expect(screen.getAllByRole('tab', HIDDEN).map((tab) => tab.textContent)).toEqual(['邮件 (1)', '消息 (1)', '通知 (1)']);
    const mail = within(screen.getByRole('list', { name: '邮件', hidden: true }));
    expect(mail.getByText('SOC低报警')).toBeInTheDocument();
    expect(mail.getByText('粤B·N0001')).toBeInTheDocument();
    expect(mail.getByText('未读')).toBeInTheDocument();
  });

  it('marks one item read and counts it off the bell and its box', async () => {
    const app = show(full());
    await open('通知, 3条未读');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '将“SOC低报警”标为已读', hidden: true })));
    await waitFor(() => expect(screen.getByRole('button', { name: '通知, 2条未读' })).toBeInTheDocument());
    const read = app.requests.find((r) => r.url.includes('/notice/inbox/read') && r.method === 'POST');
    expect(JSON.parse(String(read!.body))).toEqual({ box: 'mail', ids: ['11'] });
    expect(screen.getAllByRole('tab', HIDDEN)[0]!.textContent).toBe('邮件');
    expect(screen.queryByRole('button', { name: '将“SOC低报警”标为已读', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: '全部已读', hidden: true })).toBeDisabled();
  });

  it('marks a whole box read', async () => {
    const app = show(full());
    await open('通知, 3条未读');
    await act(async () => fireEvent.click(screen.getAllByRole('tab', HIDDEN)[2]!));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '全部已读', hidden: true })));
    await waitFor(() => expect(screen.getByRole('button', { name: '通知, 2条未读' })).toBeInTheDocument());
    expect(app.requests.some((r) => r.url.includes('/notice/inbox/read-all') && JSON.parse(String(r.body)).box === 'notice')).toBe(true);
    expect(screen.getAllByRole('tab', HIDDEN).map((tab) => tab.textContent)).toEqual(['邮件 (1)', '消息 (1)', '通知']);
  });

  it('says when a box is empty, and shows no count', async () => {
    show({ mail: [], message: [], notice: [] });
    await open('通知');
    expect(document.querySelector('.wd-badge')).toBeNull();
    // The bell reads the same before its boxes are read: the tabs show once they are.
    expect((await screen.findAllByRole('tab', HIDDEN)).map((tab) => tab.textContent)).toEqual(['邮件', '消息', '通知']);
    expect(screen.getByText('暂无消息')).toBeInTheDocument();
  });

  it('speaks English when the console does', async () => {
    setLanguage('en');
    show({ ...full(), message: [] });
    await open('Notices, 2 unread');
    expect((await screen.findAllByRole('tab', HIDDEN)).map((tab) => tab.textContent)).toEqual(['Mail (1)', 'Messages', 'Notices (1)']);
    expect(screen.getByRole('button', { name: 'Mark all read', hidden: true })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark “SOC低报警” read', hidden: true })).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getAllByRole('tab', HIDDEN)[1]!));
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
  });
});
