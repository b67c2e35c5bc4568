import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { entities } from '@wdiov/contracts/entities/registry';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { AlarmHandleConfigScreen } from './AlarmHandleConfigPage';

const ROWS = [{ id: '41', alarmType: 'socLow', alarmName: 'SOC低', isHandle: 1 }];

function renderConfig(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/alarmHandleConfig/page': ok({ records: ROWS, total: 1, size: 10, current: 1, pages: 1 }),
    '/alarmHandleConfig/handle': ok({}),
    '/alarmHandleConfig/unifyHandle': ok({ count: 3 }),
  });
  render(h.wrap(<AlarmHandleConfigScreen entity={entities.alarmHandleConfig} buttons={buttonSet(codes, 'alarm_handle_config')} />));
  return h;
}

describe('alarm handling config', () => {
  it('switches one type off by its type and name, and every type on at once, where granted', async () => {
    const h = renderConfig({ alarm_handle_config_view: true, alarm_handle_config_handle: true, alarm_handle_config_unify: true });
    fireEvent.click(await screen.findByRole('button', { name: '设为无需处理' }));
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('/alarmHandleConfig/handle'))).toBe(true), { timeout: 10_000 });
    const handle = new URL(h.fake.requests.find((r) => r.url.includes('/alarmHandleConfig/handle'))!.url, 'http://x').searchParams;
    expect([handle.get('alarmType'), handle.get('alarmName'), handle.get('isHandle')]).toEqual(['socLow', 'SOC低', '0']);
    fireEvent.click(screen.getByRole('button', { name: /全部需要处理/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.fake.requests.some((r) => r.url.includes('/alarmHandleConfig/unifyHandle'))).toBe(true), { timeout: 10_000 });
    expect(h.bodyOf(h.fake.requests.find((r) => r.url.includes('/alarmHandleConfig/unifyHandle'))!)).toEqual({ isHandle: 1 });
  }, 30_000);

  it('shows no switch without the codes', async () => {
    renderConfig({ alarm_handle_config_view: true });
    await screen.findByText('SOC低');
    expect(screen.queryByRole('button', { name: '设为无需处理' })).toBeNull();
    expect(screen.queryByRole('button', { name: /全部需要处理/ })).toBeNull();
  });
});
