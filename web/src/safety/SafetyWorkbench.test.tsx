import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { formatDateTime } from '@wdiov/contracts/wire/time';
import { createHttpClient } from '../api/http';
import { setLanguage } from '../i18n/i18n';
import { createFakeFetch, createFakeNotifier, type RecordedRequest } from '../test-support/fake-fetch';
import { TestQueryProvider } from '../test-support/query';
import { SafetyWorkbench } from './SafetyWorkbenchPage';
import { countdownText } from './safety-items';
import { zh } from '../i18n/zh';

const OFFSET = 480;
const NOW = Date.parse('2026-12-02T04:00:00Z');
const H = 3_600_000;
const at = (ms: number) => formatDateTime(ms, OFFSET);
const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });
const warning = (id: string, item: string, level: number, deadlineMs: number, extra: Record<string, unknown> = {}) => ({
  id, vin: `LSVAU2180N230000${id}`, plateNumber: `粤B·0000${id}`, item, itemName: '', level, raisedTime: at(deadlineMs - 24 * H), deadline: at(deadlineMs),
  status: 0, detail: '', handleUser: '', handleTime: '', handleAction: '', handleResult: '', ...extra,
});
const pageOf = (records: unknown[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });

function open(routes: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(routes);
  const notes = createFakeNotifier();
  const http = createHttpClient({ fetch: fake.fetch, notifier: notes.notifier, baseUrl: '/api' });
  render(<TestQueryProvider><MemoryRouter><SafetyWorkbench http={http} notifier={notes.notifier} utcOffsetMin={OFFSET} now={() => NOW} /></MemoryRouter></TestQueryProvider>);
  return { requests: fake.requests, messages: notes.messages };
}
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the safety warning workbench', () => {
  it('lists open warnings overdue first, then by level and deadline, with the item number, its name and a countdown', async () => {
    const { requests } = open({
      'safetyWarning/page': { body: pageOf([
        warning('1', 'C9', 1, NOW + 5 * 24 * H + 3 * H),
        warning('2', 'F5', 1, NOW - 2 * H - 5 * 60_000),
        warning('3', 'F11', 3, NOW + 20 * 60_000),
        warning('4', 'F2', 2, NOW + 2 * H),
        warning('5', 'F1', 3, NOW - 30 * 60_000),
      ]) },
    });
    await screen.findByRole('table');
    const rows = bodyRows();
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'F1 动力蓄电池温度', 'F5 单体蓄电池电压一致性', 'F11 绝缘电阻', 'F2 动力蓄电池温差', 'C9 绝缘电阻',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[5]!.textContent)).toEqual(['已超期 30分', '已超期 2小时5分', '剩余 20分', '剩余 2小时0分', '剩余 5天3小时']);
    expect(rows[0]).toHaveClass('is-overdue');
    expect(rows[2]).not.toHaveClass('is-overdue');
    // Open ones by default, earliest deadline first over all pages.
    expect(requests[0]!.url).toContain('status=0');
    expect(requests[0]!.url).toContain('ascs=deadline');
    expect(within(rows[0]!).getByRole('link', { name: '安全画像' })).toHaveAttribute('href', `/safety/profile?vin=LSVAU2180N2300005`);
  });

  it('sends the filters, and says so when nothing matches', async () => {
    const { requests } = open({ 'safetyWarning/page': { body: pageOf([]) } });
    expect(await screen.findByText('没有符合条件的安全预警')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: 'LSVAU2180N2300001' } });
    fireEvent.change(screen.getByLabelText('等级'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('预警项'), { target: { value: 'C10' } });
    fireEvent.change(screen.getByLabelText('处置状态'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const url = new URL(requests[1]!.url, 'http://x');
    expect(Object.fromEntries(['vin', 'level', 'item', 'status'].map((k) => [k, url.searchParams.get(k)]))).toEqual({ vin: 'LSVAU2180N2300001', level: '3', item: 'C10', status: '1' });
    expect(screen.getByRole('option', { name: 'C10 电压采样异常' })).toBeTruthy();
  });

  it('shows loading until the first answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    open({ 'safetyWarning/page': () => new Promise<Response>((resolve) => { answer = resolve; }) });
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    await act(async () => answer(new Response(JSON.stringify(pageOf([])), { headers: { 'content-type': 'application/json' } })));
    expect(await screen.findByText('没有符合条件的安全预警')).toBeTruthy();
  });

  it('handles a warning: checks who, what and the result before sending, then posts them and refreshes the list', async () => {
    let handled = false;
    const posted: RecordedRequest[] = [];
    const { requests, messages } = open({
      'safetyWarning/handle': async (req) => {
        posted.push(req);
        handled = true;
        return new Response(JSON.stringify(ok(warning('3', 'F11', 3, NOW + 20 * 60_000, { status: 1, handleUser: '张工' }))), { headers: { 'content-type': 'application/json' } });
      },
      'safetyWarning/page': async () => new Response(JSON.stringify(pageOf(handled ? [] : [warning('3', 'F11', 3, NOW + 20 * 60_000)])), { headers: { 'content-type': 'application/json' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '处置 F11 粤B·00003' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('处置预警：F11 绝缘电阻')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入处置措施')).toBeTruthy();
    expect(within(dialog).getByText('请输入处置结果')).toBeTruthy();
    expect(within(dialog).getByLabelText(/处置措施/)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(dialog).getByLabelText(/处置措施/), { target: { value: 'x'.repeat(501) } });
    expect(await within(dialog).findByText('处置措施不能超过500个字符')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('处置人'), { target: { value: ' 张工 ' } });
    fireEvent.change(within(dialog).getByLabelText(/处置措施/), { target: { value: '更换高压线束' } });
    fireEvent.change(within(dialog).getByLabelText(/处置结果/), { target: { value: '绝缘恢复正常' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(JSON.parse(String(posted[0]!.body))).toEqual({ id: '3', handleUser: '张工', handleAction: '更换高压线束', handleResult: '绝缘恢复正常' });
    expect(await screen.findByText('没有符合条件的安全预警')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(messages).toContainEqual(['success', '已记录处置：F11 粤B·00003']);
    expect(requests.filter((r) => r.url.includes('safetyWarning/page')).length).toBe(2);
  });

  it('keeps the dialog and what was typed when the gateway refuses', async () => {
    const { messages } = open({
      'safetyWarning/handle': { body: { code: 400, success: false, data: {}, msg: '该预警已处置' } },
      'safetyWarning/page': { body: pageOf([warning('3', 'F11', 3, NOW + 20 * 60_000)]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: '处置 F11 粤B·00003' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/处置措施/), { target: { value: '复检' } });
    fireEvent.change(within(dialog).getByLabelText(/处置结果/), { target: { value: '正常' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(messages).toContainEqual(['error', '该预警已处置']));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(dialog).getByLabelText(/处置措施/)).toHaveValue('复检');
  });

  it('speaks English', async () => {
    setLanguage('en');
    open({ 'safetyWarning/page': { body: pageOf([warning('2', 'F5', 1, NOW - 26 * H), warning('1', 'C9', 1, NOW + 90 * 60_000)]) } });
    await screen.findByRole('table');
    const rows = bodyRows();
    expect(within(rows[0]!).getByText('Cell voltage consistency')).toBeTruthy();
    expect(within(rows[0]!).getByText('Overdue by 1 d 2 h')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 h 30 min left')).toBeTruthy();
    expect(within(rows[1]!).getByText('Insulation resistance')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Safety warning workbench' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Handle F5 粤B·00002' })).toBeTruthy();
  });
});

describe('the countdown', () => {
  const t = (key: keyof typeof zh, params: Record<string, string | number> = {}) => zh[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
  it('says "now" within a minute either side, and rounds down to whole minutes otherwise', () => {
    expect(countdownText(NOW + 59_000, NOW, t)).toBe('即刻处置');
    expect(countdownText(NOW - 59_000, NOW, t)).toBe('即刻处置');
    expect(countdownText(NOW + 61_000, NOW, t)).toBe('剩余 1分');
    expect(countdownText(NOW - 7 * 24 * H, NOW, t)).toBe('已超期 7天0小时');
  });
});
