import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { NotifyChannelScreen } from './NotifyChannelPage';

const ROWS = [{ id: '41', channelName: '值班钉钉群', channelType: 'dingtalk', target: 'https://oapi.dingtalk.com/robot/send', hasSecret: 1, language: 'zh', channelStatus: 1 }];

function renderChannels(codes: Record<string, true>, outcome: unknown) {
  const h = crudHarness(1, {
    '/notifyChannel/page': ok({ records: ROWS, total: 1, size: 10, current: 1, pages: 1 }),
    '/notifyChannel/test': ok(outcome),
    '/notifyChannel/detail': ok(ROWS[0]),
    '/notifyChannel/submit': ok({}),
  });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(<QueryClientProvider client={client}>{h.wrap(<NotifyChannelScreen entity={entities.notifyChannel} buttons={buttonSet(codes, 'notify_channel')} />)}</QueryClientProvider>);
  return h;
}

describe('notification channel screen', { timeout: 30_000 }, () => {
  it('sends a test through the row\'s channel and shows where it went', async () => {
    const h = renderChannels({ notify_channel_view: true, notify_channel_test: true }, { sent: true, recipients: ['oapi.dingtalk.com'] });
    fireEvent.click(await screen.findByRole('button', { name: '发送测试' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '测试消息已发送至: oapi.dingtalk.com']));
    expect(h.fake.requests.some((r) => r.url.includes('/wdiov-base/notifyChannel/test?id=41'))).toBe(true);
  });

  it('shows what the provider answered when the test did not go', async () => {
    const h = renderChannels({ notify_channel_view: true, notify_channel_test: true }, { sent: false, recipients: ['oapi.dingtalk.com'], error: 'errcode 310000: sign not match' });
    fireEvent.click(await screen.findByRole('button', { name: '发送测试' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['error', '测试消息未送达: errcode 310000: sign not match']));
  });

  it('offers no test without its button code', async () => {
    renderChannels({ notify_channel_view: true }, {});
    await screen.findByText('值班钉钉群');
    expect(screen.queryByRole('button', { name: '发送测试' })).toBeNull();
  });

  it('sends a signing secret as typed, for the gateway to sign with it', async () => {
    const h = renderChannels({ notify_channel_view: true, notify_channel_edit: true }, {});
    const row = (await screen.findByText('值班钉钉群')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/渠道名称/)).toHaveValue('值班钉钉群'));
    fireEvent.change(within(dialog).getByLabelText(/^密钥/), { target: { value: 'SECnew-robot-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(h.notes.messages).toContainEqual(['success', '更新成功']));
    const submit = h.fake.requests.find((r) => r.url.includes('/notifyChannel/submit'))!;
    expect(h.bodyOf(submit)).toMatchObject({ id: '41', channelName: '值班钉钉群', secret: 'SECnew-robot-secret' });
  });
});
