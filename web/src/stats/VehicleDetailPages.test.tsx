import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, configure } from '@testing-library/react';
import { TestQueryProvider } from '../test-support/query';
import { MemoryRouter } from 'react-router-dom';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import { ChangesDetail } from './ChangesDetailPage';
import { DriverBehavior } from './DriverBehaviorPage';
import { HopDetail } from './HopDetailPage';

// The suite runs beside other work on a shared machine: wait on the screen, not on a clock.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const VIN = 'LVIN00000000000A1';
const day = (date: string, hopCount: number, mileage = 10) => ({ date, hopCount, hopKm: hopCount * 5, mileage, energyUsed: 2, energyCharged: 0, drivingHours: 1, chargingHours: 0, onlineHours: 2, frames: 100, alarmCount: 0, faultCount: 0 });
const DAYS = [day('2026-11-20', 0), day('2026-11-21', 2), day('2026-11-22', 0)];

function open(view: 'hop' | 'changes' | 'behavior', url: string, routes: Record<string, unknown>) {
  const fake = createFakeFetch(routes as Parameters<typeof createFakeFetch>[0]);
  const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier, baseUrl: '/api' });
  const View = { hop: HopDetail, changes: ChangesDetail, behavior: DriverBehavior }[view];
  render(<TestQueryProvider><MemoryRouter initialEntries={[url]}><View http={http} utcOffsetMin={480} /></MemoryRouter></TestQueryProvider>);
  return fake.requests;
}

describe('statistics detail screens', () => {
  it('hop details: per day over the range, then the hops of the latest day that had any', async () => {
    const requests = open('hop', `/vehicleHopStatisticsDetails/index?vin=${VIN}&startDate=2026-11-20&endDate=2026-11-22`, {
      'vehicleConditionStatis/detail': ok({ vin: VIN, plateNumber: '京A00001', days: DAYS }),
      'vehicleHopStatistics/detail': ok({ hops: [{ time: '2026-11-21 10:00:10', previousTime: '2026-11-21 10:00:09', fromKm: 100.09, toKm: 105.1, jumpKm: 5.01, seconds: 1, speedKmh: 36 }] }),
    });
    expect(await screen.findByText('105.1')).toBeTruthy();
    expect(screen.getByText(`京A00001 · ${VIN}`)).toBeTruthy();
    expect(screen.getAllByTestId('chart-bar').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-11-21 的跳变')).toBeTruthy();
    expect(requests.some((r) => r.url.includes(`vehicleConditionStatis/detail?vin=${VIN}&startDate=2026-11-20&endDate=2026-11-22`))).toBe(true);
    expect(requests.some((r) => r.url.includes('vehicleHopStatistics/detail') && r.url.includes('startTime=2026-11-21+00%3A00%3A00'))).toBe(true);
  });

  it('asks for a vehicle before reading anything', async () => {
    const requests = open('hop', '/vehicleHopStatisticsDetails/index', {});
    expect(screen.getByText('请输入车架号查询该车的明细')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: VIN } });
    expect(requests).toHaveLength(0);
  });

  it('change analysis: first and last reading, the days, and the chosen day\'s trips', async () => {
    const requests = open('changes', `/vehicleChangesAnalysisDetails/index?vin=${VIN}&date=2026-11-21`, {
      'vehicleConditionStatis/getStartEnd': ok({ vin: VIN, plateNumber: '京A00001', mileage: 30, energyUsed: 6, energyCharged: 1, socChange: -12,
        start: { time: '2026-10-24 08:00:00', mileage: 500, soc: 90 }, end: { time: '2026-11-22 18:00:00', mileage: 530, soc: 78 } }),
      'vehicleConditionStatis/detail': ok({ plateNumber: '京A00001', days: DAYS }),
      'routeTimeline/page': ok({ records: [{ kind: 'drive', startTime: '2026-11-21 10:00:00', endTime: '2026-11-21 10:05:00', durationS: 300, distanceKm: 3, avgSpeed: 36, maxSpeed: 40 }], total: 1 }),
    });
    expect(await screen.findByText('2026-10-24 08:00:00 · 500 km · 90 %')).toBeTruthy();
    expect(screen.getByText('-12')).toBeTruthy();
    expect(await screen.findByText('行驶')).toBeTruthy();
    expect(screen.getByRole('table', { name: '每日变化' })).toBeTruthy();
    expect(requests.some((r) => r.url.includes(`getStartEnd?vin=${VIN}&days=30`))).toBe(true);
    expect(requests.some((r) => r.url.includes('routeTimeline/page') && r.url.includes('2026-11-21'))).toBe(true);
  });

  it('driver behaviour: counts and events of the day, the speed limit asked for, bad input shown', async () => {
    const requests = open('behavior', `/driverBehaviorDetail/index?vin=${VIN}&date=2026-11-21`, {
      'speedLimit=5': { status: 400, body: { code: 400, success: false, msg: '限速必须是20到220之间的数值(km/h) [speedLimit]' } },
      'vehicleConditionStatis/driverBehavior': ok({ vin: VIN, plateNumber: '京A00001', frames: 3600, speedLimit: 120, maxSpeed: 130, speedingS: 12,
        counts: { harshAcceleration: 0, harshBraking: 1, speeding: 1 },
        events: [{ kind: 'harshBraking', startTime: '2026-11-21 10:00:10', endTime: '2026-11-21 10:00:11', durationS: 1, fromSpeed: 36, toSpeed: 16, maxSpeed: 36, peakMs2: -5.56 }] }),
    });
    expect(await screen.findByText('-5.56')).toBeTruthy();
    expect(screen.getAllByText('急减速').length).toBe(2);
    expect(screen.getByText('3600')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('限速(km/h)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect((await screen.findByRole('alert')).textContent).toContain('[speedLimit]');
    await waitFor(() => expect(requests.some((r) => r.url.includes('speedLimit=5') && r.url.includes('2026-11-21'))).toBe(true));
  });
});
