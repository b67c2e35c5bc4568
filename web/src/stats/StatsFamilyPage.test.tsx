import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, configure } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { statsFamily, type StatsFamily } from '@wdiov/contracts';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { StatsFamilyPage } from './StatsFamilyPage';

// The suite runs beside other work on a shared machine: wait on the screen, not on a clock.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const vehicle = (vin: string, plateNumber: string, mileage: number, hopCount = 0) => ({ vin, plateNumber, mileage, hopCount, hopKm: hopCount * 10, drivingHours: 1, resetCount: 0 });
const days = ['2026-11-20', '2026-11-21', '2026-11-22'].map((date, i) => ({ date, mileage: 10 * i, drivingHours: i, hopCount: i, hopKm: i * 5 }));

function page(family: StatsFamily, routes: Record<string, unknown>) {
  const fake = createFakeFetch(routes as Parameters<typeof createFakeFetch>[0]);
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, baseUrl: '/api' });
  return { ...render(<MemoryRouter><StatsFamilyPage family={family} http={http} /></MemoryRouter>), requests: fake.requests };
}

afterEach(() => vi.restoreAllMocks());

describe('StatsFamilyPage', () => {
  const mileage = statsFamily('mileageStatistics')!;

  it('shows loading, then the per-day chart and the vehicles with the family columns', async () => {
    const { requests } = page(mileage, {
      'mileageStatistics/list': ok({ records: [vehicle('LVIN00000000000A1', '京A00001', 120.5), vehicle('LVIN00000000000A2', '', 3)], total: 2 }),
      'mileageStatistics/dashboard': ok({ days, total: { mileage: 30 } }),
    });
    expect(screen.getByRole('status').textContent).toContain('正在加载');
    expect(await screen.findByText('LVIN00000000000A1')).toBeTruthy();
    expect(screen.getByText('京A00001')).toBeTruthy();
    for (const header of ['车架号', '车牌号', '里程(km)', '行驶时长(h)', '里程清零次数']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(3);
    expect(screen.getAllByTestId('chart-line')).toHaveLength(1);
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(requests.some((r) => r.url.includes('mileageStatistics/list?days=30&current=1&size=10'))).toBe(true);
  });

  it('filters by VIN and dates, sorts by a column and exports under the same filters', async () => {
    const { requests } = page(mileage, {
      'mileageStatistics/list': ok({ records: [vehicle('LVIN00000000000A1', '京A00001', 120.5)], total: 1 }),
      'mileageStatistics/dashboard': ok({ days }),
      'mileageStatistics/export': { body: 'a,b', contentType: 'text/csv' },
    });
    await screen.findByText('LVIN00000000000A1');
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: 'lvin' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-22' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('list?vin=lvin&startDate=2026-11-01&endDate=2026-11-22'))).toBe(true));
    // The per-day chart is over the fleet: the vehicle filter does not narrow it.
    expect(requests.some((r) => r.url.includes('dashboard?startDate=2026-11-01&endDate=2026-11-22'))).toBe(true);
    fireEvent.click(screen.getByRole('columnheader', { name: '里程(km)' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('ascs=mileage'))).toBe(true));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: '导出CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.find((r) => r.url.includes('/export'))!.url).toContain('export?vin=lvin&startDate=2026-11-01&endDate=2026-11-22&ascs=mileage&format=csv');
  });

  it('ranks the page of vehicles for a family without a per-day call', async () => {
    page(statsFamily('vehicleConditionStatis')!, { 'vehicleConditionStatis/vehicleList': ok({ records: [vehicle('LVIN00000000000A1', '京A00001', 50)], total: 1 }) });
    expect(await screen.findAllByTestId('chart-rank')).toHaveLength(1);
  });

  it('links each row to its vehicle\'s detail screens under the list\'s dates', async () => {
    const { requests } = page(statsFamily('vehicleHopStatistics')!, {
      'vehicleHopStatistics/infoPage': ok({ records: [vehicle('LVIN00000000000A1', '京A00001', 50, 2)], total: 1 }),
      'vehicleHopStatistics/statistics': ok(days),
    });
    await screen.findByText('LVIN00000000000A1');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('infoPage?startDate=2026-11-01'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('link', { name: '跳变详情' }).getAttribute('href'))
      .toBe('/vehicleHopStatisticsDetails/index?vin=LVIN00000000000A1&startDate=2026-11-01'));
  });

  it('says so when no vehicle is in range', async () => {
    page(mileage, { 'mileageStatistics/list': ok({ records: [], total: 0 }), 'mileageStatistics/dashboard': ok({ days: [] }) });
    expect(await screen.findByText('所选范围内没有车辆')).toBeTruthy();
    // Each chart says it has nothing to draw, rather than showing bare axes.
    expect(await screen.findAllByText('暂无数据')).toHaveLength(2);
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    page(mileage, {
      'mileageStatistics/list': () => Promise.resolve(fail
        ? new Response(JSON.stringify({ code: 400, success: false, msg: '时间范围不能超过366天 [endTime]' }), { status: 400 })
        : new Response(JSON.stringify(ok({ records: [vehicle('LVIN00000000000A9', '', 1)], total: 1 }).body))),
      'mileageStatistics/dashboard': ok({ days }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('时间范围不能超过366天');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('LVIN00000000000A9')).toBeTruthy();
  });
});
