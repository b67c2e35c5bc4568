import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../../crud/buttons';
import { crudHarness, ok } from '../../crud/crud-fixture';
import { SmsScreen } from './SmsPage';

const ROWS = [{ id: '51', smsCode: 'sms-aliyun', category: 2, templateId: 'SMS_1', status: 1 }];

function renderSms(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/sms/page': ok({ records: ROWS, total: 1, size: 10, current: 1, pages: 1 }),
    '/sms/endpoint/send-message': ok({ code: 'sms-aliyun', provider: 'log', phones: ['13800000000'] }),
  });
  render(h.wrap(<SmsScreen entity={entities.sms} buttons={buttonSet(codes, 'sms')} />));
  return h;
}

describe('the SMS configuration screen', () => {
  it('sends a templated message through the chosen configuration for a user holding the send code', async () => {
    const h = renderSms({ sms_view: true, sms_send: true });
    fireEvent.click(await screen.findByRole('button', { name: '发送' }));
    fireEvent.change(await screen.findByLabelText('手机号(多个用逗号分隔)'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByLabelText('模板参数(JSON)'), { target: { value: '{"code":"1234"}' } });
    fireEvent.click(document.querySelector('[data-action="send-confirm"]')!);
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('/sms/endpoint/send-message'))).toBe(true), { timeout: 10_000 });
    const sent = new URL(h.fake.requests.find((r) => r.url.includes('/sms/endpoint/send-message'))!.url, 'http://x').searchParams;
    expect([sent.get('code'), sent.get('phones'), sent.get('params')]).toEqual(['sms-aliyun', '13800000000', '{"code":"1234"}']);
  }, 30_000);

  it('offers no send and no enable without their codes', async () => {
    renderSms({ sms_view: true });
    await screen.findByText('sms-aliyun');
    expect(document.querySelector('[data-action="send"], [data-action="enable"]')).toBeNull();
  });
});
