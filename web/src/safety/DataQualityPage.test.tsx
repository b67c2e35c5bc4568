import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createHttpClient } from '../api/http';
import { CrudServicesProvider } from '../crud/CrudServices';
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
  const notifier = createFakeNotifier().notifier;
  const http = createHttpClient({ fetch: fake.fetch, notifier, baseUrl: '/api' });
  const screenView = view === 'quality' ? <CrudServicesProvider services={{ http, notifier }}><DataQualityView /></CrudServicesProvider> : <SafetyProfileView http={http} />;
  render(<TestQueryProvider><MemoryRouter initialEntries={[url]}>{screenView}</MemoryRouter></TestQueryProvider>);
  return fake.requests;
}

const EMPTY_PAGE = ok({ records: [], total: 0, size: 20, current: 1, pages: 0 });
const reportRequests = (requests: ReturnType<typeof open>) => requests.filter((r) => r.url.includes('dataQuality/page')).map((r) => new URL(r.url, 'http://x').searchParams);
const list = (records: unknown[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
const OTHER_VIN = 'LDQAU2180N2300002';
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The report of two vehicles, one of them only when a filter names its value (`{ deptId: { '11': VIN } }`). */
const reportOf = (narrowed: Record<string, Record<string, string>>) => async (req: { url: string }) => {
  const query = new URL(req.url, 'http://x').searchParams;
  const only = Object.entries(narrowed).map(([param, vins]) => query.get(param) && vins[query.get(param)!]).find(Boolean);
  const records = [row('2026-12-01'), row('2026-12-01', { vin: OTHER_VIN })].filter((r) => !only || r.vin === only);
  return json(ok({ records, total: records.length, size: 20, current: 1, pages: 1 }).body);
};
const shownVins = async (table: string) =>
  within(await screen.findByRole('table', { name: table })).getAllByRole('row').slice(1).map((r) => within(r).getByText(/^LDQ/).textContent);

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
    const requests = open('quality', { 'dataQuality/page': EMPTY_PAGE, '/org/list': list([]), '/vehicleModel/list': list([]) });
    expect(await screen.findByText('No vehicle data in this range')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Definitions' })).toHaveTextContent('a reporting period of 10 s');
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: VIN } });
    fireEvent.change(screen.getByLabelText('Start day'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End day'), { target: { value: '2026-11-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(reportRequests(requests)).toHaveLength(2));
    const query = reportRequests(requests)[1]!;
    expect([query.get('vin'), query.get('startDay'), query.get('endDay')]).toEqual([VIN, '2026-11-01', '2026-11-07']);
  });

  it('narrows the report to the organisation picked and widens it again when cleared', async () => {
    const requests = open('quality', {
      'dataQuality/page': reportOf({ deptId: { '11': VIN } }),
      '/org/list': list([{ id: '11', parentId: '0', orgName: '华南车队' }, { id: '12', parentId: '11', orgName: '深圳分队' }]),
      '/vehicleModel/list': list([]),
    });
    expect(await shownVins('数据质量')).toEqual([VIN, OTHER_VIN]);
    const picker = screen.getByLabelText('所属组织').closest<HTMLElement>('.p-treeselect')!;
    fireEvent.click(picker);
    fireEvent.click(await screen.findByText('华南车队'));
    await waitFor(async () => expect(await shownVins('数据质量')).toEqual([VIN]));
    expect(reportRequests(requests).at(-1)!.get('deptId')).toBe('11');
    fireEvent.pointerUp(picker.querySelector('.p-treeselect-clear-icon')!);
    await waitFor(async () => expect(await shownVins('数据质量')).toEqual([VIN, OTHER_VIN]));
  });

  it('narrows the report to the vehicle model picked and widens it again when cleared', async () => {
    setLanguage('en');
    const requests = open('quality', {
      'dataQuality/page': reportOf({ vehicleModelId: { '23': OTHER_VIN } }),
      '/org/list': list([]),
      '/vehicleModel/list': list([{ id: '22', modelName: 'E-Bus 12m' }, { id: '23', modelName: 'E-Van 6m' }]),
    });
    expect(await shownVins('Data quality')).toEqual([VIN, OTHER_VIN]);
    const picker = screen.getByLabelText('Vehicle model').closest<HTMLElement>('.p-dropdown')!;
    fireEvent.click(picker);
    fireEvent.click(await screen.findByText('E-Van 6m', {}, { timeout: 3_000 }));
    await waitFor(async () => expect(await shownVins('Data quality')).toEqual([OTHER_VIN]));
    expect(reportRequests(requests).at(-1)!.get('vehicleModelId')).toBe('23');
    fireEvent.pointerUp(picker.querySelector('.p-dropdown-clear-icon')!);
    await waitFor(async () => expect(await shownVins('Data quality')).toEqual([VIN, OTHER_VIN]));
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
