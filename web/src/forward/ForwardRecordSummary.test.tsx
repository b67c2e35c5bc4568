import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render as renderIn, screen } from '@testing-library/react';
import { TestQueryProvider } from '../test-support/query';

const render = (ui: ReactElement) => renderIn(ui, { wrapper: TestQueryProvider });
import type { Row } from '../crud/crud-api';
import type { ForwardApi } from './forward-api';
import { ForwardRecordSummary } from './ForwardRecordSummary';

/** The summary reads only this call. */
const apiOf = (recordSummary: () => Promise<Row[]>) => ({ recordSummary }) as unknown as ForwardApi;

describe('the forwarding records summed per platform', () => {
  it('shows each platform with its link, vehicles, frames sent, acknowledged and not, reissued, backlog and errors; a click picks it, another widens again', async () => {
    const onPick = vi.fn();
    const { rerender } = render(<ForwardRecordSummary picked={null} onPick={onPick} api={apiOf(async () => [
      { forwardPlatformId: '1', platformName: '国家平台', linkState: 4, vehicles: 100, framesSent: '12000', framesAcked: '11800', reissueSent: '3000',
        backlogSeconds: 42, lastSendTime: '2026-11-26 15:00:00', vehiclesWithError: 2, linkError: null },
      { forwardPlatformId: '2', platformName: '地方平台', linkState: 5, vehicles: 3, framesSent: '0', framesAcked: '0', reissueSent: '0',
        backlogSeconds: 0, lastSendTime: null, vehiclesWithError: 0, linkError: '无法连接 10.0.0.1:32960' },
    ])} />);
    const national = await screen.findByRole('button', { name: /国家平台/ });
    expect(national.textContent).toContain('补发中');
    expect(national.textContent).toContain('12,000已发送');
    expect(national.textContent).toContain('11,800已确认');
    expect(national.textContent).toContain('200未确认');
    expect(national.textContent).toContain('3,000补发');
    expect(national.textContent).toContain('42最大积压(秒)');
    expect(national.textContent).toContain('最后发送 2026-11-26 15:00:00');
    expect(national.textContent).toContain('2 辆车有错误');
    const local = screen.getByRole('button', { name: /地方平台/ });
    expect(local.textContent).toContain('不可达');
    expect(local.textContent).toContain('尚未发送');
    expect(local.textContent).toContain('无法连接 10.0.0.1:32960');
    fireEvent.click(national);
    expect(onPick).toHaveBeenLastCalledWith('1');
    rerender(<ForwardRecordSummary picked="1" onPick={onPick} api={apiOf(async () => [])} />);
    expect(screen.getByRole('button', { name: /国家平台/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /国家平台/ }));
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('says so when nothing was forwarded yet', async () => {
    render(<ForwardRecordSummary picked={null} onPick={() => {}} api={apiOf(async () => [])} />);
    expect(await screen.findByText(/还没有转发记录/)).toBeTruthy();
  });

  it('shows a failed read with its message, and reads again on retry', async () => {
    let fail = true;
    render(<ForwardRecordSummary picked={null} onPick={() => {}} api={apiOf(async () => {
      if (fail) throw new Error('网络错误');
      return [{ forwardPlatformId: '1', platformName: '国家平台', linkState: 2, vehicles: 1, framesSent: '1', framesAcked: '1' }];
    })} />);
    expect((await screen.findByRole('alert')).textContent).toContain('网络错误');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('已登录')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
