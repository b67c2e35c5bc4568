import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, configure } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../shared/query-client';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { DataBoard } from './DataBoard';

// The suite runs beside other work on a shared machine: wait on the screen, not on a clock.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

const alarms = days(30).map((date, i) => ({ date, alarmCount: i % 3, faultCount: i % 2, alarmLevel1: 0, alarmLevel2: 0, alarmLevel3: i % 3 }));
const trend = days(30).map((date, i) => ({ date, mileage: 100 + i, energyUsed: 15 + i, energyCharged: 10, reduceEmission: 5, onlineRate: 80 }));
const routes = (over: Record<string, unknown> = {}) => ({
  getAlarmAndFaultDate: ok(alarms),
  getMileAndReduceEnergyEmissionData: ok({ days: trend, total: { mileage: 3435, energyUsed: 885, reduceEmission: 150 } }),
  getVehicleTotalMile: ok({ totalMileage: 123456.7, todayMileage: 88, vehicles: 3, top: [{ vin: 'LVIN1', plateNumber: '京A00001', mileage: 50, alarmCount: 7 }, { vin: 'LVIN2', plateNumber: '', mileage: 20, alarmCount: 2 }] }),
  getRealTimeData: ok({ total: 3, online: 2, offline: 1, driving: 1, parked: 0, charging: 1, alarm: 0, onlineRate: 66.67 }),
  ...over,
});

function board(r: Record<string, unknown>) {
  const fake = createFakeFetch(r as Parameters<typeof createFakeFetch>[0]);
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier });
  return { ...render(<QueryClientProvider client={createQueryClient()}><DataBoard http={http} /></QueryClientProvider>), requests: fake.requests };
}

describe('DataBoard', () => {
  it('shows loading, then the figures and every chart', async () => {
    const { requests } = board(routes());
    expect(screen.getByRole('status').textContent).toContain('正在加载');
    expect(await screen.findByText('123,456.7')).toBeTruthy();
    expect(screen.getByText('2 / 3')).toBeTruthy();
    for (const chart of ['告警与故障', '里程与能耗', '在线率', '车辆状态', '告警最多的车辆']) expect(screen.getByRole('img', { name: chart })).toBeTruthy();
    // 7 days × alarms and faults; an arc per state with vehicles (parked has none); two ranked vehicles.
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(14);
    expect(screen.getAllByTestId('chart-line')).toHaveLength(4);
    expect(screen.getAllByTestId('chart-arc')).toHaveLength(3);
    expect(screen.getAllByTestId('chart-rank')).toHaveLength(2);
    expect(screen.getByText('LVIN2')).toBeTruthy();
    expect(requests.some((r) => r.url.includes('getAlarmAndFaultDate?days=30'))).toBe(true);
  });

  it('lays the live figures over the rollups: the fleet, today\'s alarms and the ranking', async () => {
    const today = alarms[29]!.date;
    const now = {
      fleet: { total: 200, online: 150, offline: 50, driving: 90, parked: 40, charging: 20, alarm: 3, onlineRate: 75 },
      signedInAt: '2026-11-30 08:00:00', sinceSignIn: { alarms: 4, faults: 1, fences: 2 },
      today: { alarms: 11, faults: 6, fences: 2, date: today },
      topAlarms: [{ vin: 'LVIN9', plateNumber: '粤B99999', alarmCount: 11 }],
    };
    // The rollups have not caught up: no alarm today and nobody ranked.
    board(routes({
      getAlarmAndFaultDate: ok(alarms.map((a) => ({ ...a, alarmCount: 0, faultCount: 0 }))),
      getVehicleTotalMile: ok({ totalMileage: 10, todayMileage: 0, vehicles: 200, top: [] }),
      'dataBoard/now': ok(now),
    }));
    expect(await screen.findByText('150 / 200')).toBeTruthy();
    expect(screen.getByText('粤B99999')).toBeTruthy();
    expect(screen.queryByText('近30天没有车辆告警')).toBeNull();
    const bars = screen.getAllByTestId('chart-bar');
    expect(bars.filter((b) => Number(b.getAttribute('height')) > 0)).toHaveLength(2);
  });

  it('switches the alarm chart to 30 days', async () => {
    board(routes());
    fireEvent.click(await screen.findByRole('button', { name: '近30天' }));
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(60);
  });

  it('says so when the fleet has nothing yet', async () => {
    board(routes({
      getAlarmAndFaultDate: ok(alarms.map((a) => ({ ...a, alarmCount: 0, faultCount: 0 }))),
      getMileAndReduceEnergyEmissionData: ok({ days: trend.map((d) => ({ ...d, mileage: 0 })), total: { mileage: 0, energyUsed: 0, reduceEmission: 0 } }),
      getVehicleTotalMile: ok({ totalMileage: 0, todayMileage: 0, vehicles: 0, top: [] }),
      getRealTimeData: ok({ total: 0, online: 0, offline: 0, driving: 0, parked: 0, charging: 0, alarm: 0, onlineRate: 0 }),
    }));
    expect((await screen.findByText(/暂无统计数据/)).textContent).toContain('车辆上报数据后');
    expect(screen.queryAllByTestId('chart-bar')).toHaveLength(0);
  });

  it('shows the server\'s message on an error and loads again on retry', async () => {
    let fail = true;
    const r = routes();
    board({ ...r, getVehicleTotalMile: async () => new Response(JSON.stringify(fail ? { code: 400, success: false, data: {}, msg: '时间范围不能超过366天' } : (r.getVehicleTotalMile as { body: unknown }).body), { status: fail ? 400 : 200, headers: { 'content-type': 'application/json' } }) });
    expect((await screen.findByRole('alert')).textContent).toContain('时间范围不能超过366天');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('123,456.7')).toBeTruthy();
  });
});
