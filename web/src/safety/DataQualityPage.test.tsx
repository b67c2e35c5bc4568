import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createHttpClient } from '../api/http';
import { setLanguage } from '../i18n/i18n';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { TestQueryProvider } from '../test-support/query';
import { DataQualityView } from './DataQualityPage';
import { SafetyProfileView } from './SafetyProfilePage';

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const VIN = 'LDQAU2180N2300001';
const row = (day: string, extra: Record<string, unknown> = {}) => ({
  day, vin: VIN, plateNumber: '粤B·DQ001', framesReceived: 3888, framesExpected: 4320, reportPeriodS: 10, onlineSeconds: 43_200, onlineRate: 0.5, completeness: 0.9, ...extra,
});

function open(view: 'quality' | 'profile', routes: Parameters<typeof createFakeFetch>[0], url = '/') {
  const fake = createFakeFetch(routes);
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, baseUrl: '/api' });
  render(<TestQueryProvider><MemoryRouter initialEntries={[url]}>{view === 'quality' ? <DataQualityView http={http} /> : <SafetyProfileView http={http} />}</MemoryRouter></TestQueryProvider>);
  return fake.requests;
}

describe('the data-quality screen', () => {
  it('shows each vehicle-day\'s figures with their definitions beside them', async () => {
    open('quality', { 'dataQuality/page': ok({ records: [row('2026-12-01'), row('2026-11-30', { framesExpected: 0, framesReceived: 0, onlineSeconds: 0, onlineRate: 0, completeness: null })], total: 2, size: 20, current: 1, pages: 1 }) });
    const table = await screen.findByRole('table', { name: '数据质量' });
    const cells = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells).toEqual([
      ['2026-12-01', `粤B·DQ001 ${VIN}`, '12.0 h', '4320', '3888', '50 %', '90 %'],
      ['2026-11-30', `粤B·DQ001 ${VIN}`, '0.0 h', '0', '0', '0 %', '—'],
    ]);
    const definitions = screen.getByRole('complementary', { name: '指标定义' });
    expect(definitions).toHaveTextContent('上报周期 10 秒');
    expect(definitions).toHaveTextContent('完整率：实收帧数 ÷ 应收帧数');
  });

  it('sends its filters, says when there is nothing, and speaks English', async () => {
    setLanguage('en');
    const requests = open('quality', { 'dataQuality/page': ok({ records: [], total: 0, size: 20, current: 1, pages: 0 }) });
    expect(await screen.findByText('No vehicle data in this range')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Definitions' })).toHaveTextContent('a reporting period of 10 s');
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: VIN } });
    fireEvent.change(screen.getByLabelText('Start day'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End day'), { target: { value: '2026-11-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    const url = new URL(requests[1]!.url, 'http://x');
    expect([url.searchParams.get('vin'), url.searchParams.get('startDay'), url.searchParams.get('endDay')]).toEqual([VIN, '2026-11-01', '2026-11-07']);
  });

  it('shows the gateway\'s refusal with a retry', async () => {
    open('quality', { 'dataQuality/page': { status: 200, body: { code: 400, success: false, data: {}, msg: '结束时间须晚于开始时间 [endDay]' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('结束时间须晚于开始时间');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

const days = Array.from({ length: 30 }, (_, i) => new Date(Date.parse('2026-11-03T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10));
const trend = (at: Record<number, number>) => days.map((_, i) => at[i] ?? null);

describe('a vehicle\'s safety profile', () => {
  it('asks for a vehicle first, then shows every item with its last result and 30-day trend', async () => {
    const requests = open('profile', {
      'safetyProfile/vehicle': ok({ vin: VIN, plateNumber: '粤B·DQ001', days, items: [
        { item: 'F11', figure: 'warnings', trend: days.map((_, i) => (i === 27 ? 1 : 0)), last: { id: '9', raisedTime: '2026-11-30 10:00:00', level: 3, deadline: '2026-11-30 10:00:00', status: 0, detail: '' } },
        { item: 'F1', figure: 'warnings', trend: days.map(() => 0), last: null },
        { item: 'C9', figure: 'insulationLowFrames', trend: trend({ 26: 2, 29: 6 }), last: null },
        { item: 'C6', figure: 'none', trend: days.map(() => null), last: null },
      ] }),
    }, `/safety/profile?vin=${VIN.toLowerCase()}`);
    const faults = await screen.findByRole('table', { name: '故障监测项（F1–F12）' });
    expect(requests[0]!.url).toContain(`vin=${VIN}`);
    const [f11, f1] = within(faults).getAllByRole('row').slice(1);
    expect(f11).toHaveTextContent('F11 绝缘电阻');
    expect(f11).toHaveTextContent('3 级 2026-11-30 10:00:00 · 未处置');
    expect(f1).toHaveTextContent('未曾预警');
    const models = screen.getByRole('table', { name: '隐患模型（C1–C12）' });
    const [c9, c6] = within(models).getAllByRole('row').slice(1);
    expect(within(c9!).getByRole('img', { name: 'C9 当日低绝缘帧数' })).toBeTruthy();
    expect(within(c9!).getAllByRole('cell')[4]).toHaveTextContent('6');
    expect(within(c6!).queryByRole('img')).toBeNull();
    expect(screen.getByText(`粤B·DQ001 · ${VIN}`)).toBeTruthy();
  });

  it('reads nothing until a VIN is given', async () => {
    const requests = open('profile', {}, '/safety/profile');
    expect(screen.getByText('请输入车架号查看该车各预警项的最近结果和30天趋势')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
