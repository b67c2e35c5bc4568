import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, configure } from '@testing-library/react';
import { LargeScreen } from './LargeScreen';
import type { LargeScreenData } from './large-screen-api';

// The suite runs beside other work on a shared machine: wait on the screen, not on a clock.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

// No WebGL in jsdom: the map renders nothing here; its layers are checked in LargeScreenMap.test.ts.
vi.mock('../map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const day = (date: string, mileage: number, alarmCount: number) => ({ date, mileage, energyUsed: 1, reduceEmission: 1, onlineVehicles: 2, alarmCount, faultCount: 0 });
const BOARD: LargeScreenData = {
  time: '2026-11-26 12:00:00', today: day('2026-11-26', 150, 2), yesterday: day('2026-11-25', 100, 5),
  fleet: { total: 3, online: 2, offline: 1, driving: 1, parked: 0, charging: 1, alarm: 1, onlineRate: 66.67 }, totalMileage: 9876,
  trend: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-2${i}`, alarmCount: i, faultCount: 1, mileage: 10 * i, onlineRate: 50 })),
  topAlarm: [{ vin: 'LVIN1', plateNumber: '京A00001', alarmCount: 4 }], topMileage: [{ vin: 'LVIN2', plateNumber: '', mileage: 80 }],
  points: [[114.05, 22.54, 1, 0], [114.1, 22.6, 3, 2]],
};

afterEach(() => vi.useRealTimers());

describe('LargeScreen', () => {
  it('draws a share link board: counters, today against yesterday, charts and the fleet map, without a share button', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, success: true, data: BOARD, msg: '' })));
    render(<LargeScreen source={{ kind: 'share', token: 'a.b.c', fetch }} />);
    expect(await screen.findByText('9,876')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/wdiov-base/largeScreenShare/board?share=a.b.c');
    expect(screen.getByText('较昨日 +50')).toBeTruthy();
    expect(screen.getByText('较昨日 -3')).toBeTruthy();
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(14);
    const map = screen.getByRole('region', { name: '在线车辆分布（2辆）' });
    expect(map.getAttribute('data-vehicles')).toBe('2');
    expect(map.querySelector('[data-testid="map"]')).toBeTruthy();
    expect(screen.getByText('LVIN2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull();
  });

  it('says why a refused link shows nothing', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 401, success: false, msg: '分享链接无效、已过期或已撤销' }), { status: 401 }));
    render(<LargeScreen source={{ kind: 'share', token: 'x', fetch }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('分享链接无效');
  });
});
