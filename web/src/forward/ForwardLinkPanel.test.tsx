import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render as renderIn, screen } from '@testing-library/react';
import { TestQueryProvider } from '../test-support/query';

const render = (ui: ReactElement) => renderIn(ui, { wrapper: TestQueryProvider });
import type { Row } from '../crud/crud-api';
import type { ForwardApi } from './forward-api';
import { ForwardLinkPanel } from './ForwardLinkPanel';

/** The panel reads only these two calls. */
const apiOf = (platforms: () => Promise<Row[]>, sent = new Map<string, number>()) =>
  ({ platforms, framesSent: async () => sent }) as unknown as ForwardApi;

describe('the link panel of the forwarding platforms', () => {
  it('shows each link state, the backlog while draining, the frames sent and the last error', async () => {
    const api = apiOf(async () => [
      { id: '1', platformName: '国家平台', linkState: 2 },
      { id: '2', platformName: '地方平台', linkState: 4, linkBacklog: 75 },
      { id: '3', platformName: '企业平台', linkState: 3, linkError: '登录被拒: 错误' },
    ], new Map([['1', 1200]]));
    render(<ForwardLinkPanel api={api} />);
    expect(await screen.findByText('已登录')).toBeTruthy();
    expect(screen.getByText('补发中')).toBeTruthy();
    expect(screen.getByText('积压 75 秒')).toBeTruthy();
    expect(screen.getByText('已发送 1200 帧')).toBeTruthy();
    expect(screen.getByText('登录被拒: 错误')).toBeTruthy();
    expect(screen.getAllByText('已发送 0 帧')).toHaveLength(2);
  });

  it('says so when there is no platform', async () => {
    render(<ForwardLinkPanel api={apiOf(async () => [])} />);
    expect(await screen.findByText(/还没有转发平台/)).toBeTruthy();
  });

  it('shows a failed read with its message, and reads again on retry', async () => {
    let fail = true;
    render(<ForwardLinkPanel api={apiOf(async () => {
      if (fail) throw new Error('网络错误');
      return [{ id: '1', platformName: '国家平台', linkState: 1 }];
    })} />);
    expect((await screen.findByRole('alert')).textContent).toContain('网络错误');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('连接中')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
