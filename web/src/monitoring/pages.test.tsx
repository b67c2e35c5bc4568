import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { hasView, viewRegistry } from '../app/view-registry';
import LiveMapPage from './LiveMapPage';
import MessageParsingPage from './MessageParsingPage';
import { createMonitoringFixture, ok, page, renderAt } from './monitoring-fixture';
import TrajectoryPage from './TrajectoryPage';
import VehicleDetailPage from './VehicleDetailPage';
import { monitoringViews } from './views';

// No WebGL in jsdom: the map renders nothing; its layers are tested as pure factories.
vi.mock('../map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const V4 = '232302fe4f563230323630303031000000000000000100211a09110c1e00080101025a26dd00040001040ccc0cd00cc10cc70901010002474b65';
const pos = (vin: string, over: Partial<LivePosition> = {}): LivePosition => ({ vin, lng: 114, lat: 22.5, speed: 30, heading: 0, soc: 60, state: 1, alarmLevel: 0, ts: 1, ...over });

describe('registry', () => {
  it('every monitoring path is a lazy view in the shell registry', () => {
    for (const path of ['/monitoring/map', '/alarm/vehicleAlarm', '/alarm/vehicleFault', '/fenceAccessRecord/index', '/trajectory/index', '/alarmMessageParsing/index', '/vehicleDetails/index', '/vehVehicleDetail/index', '/base/electronicFence/draw']) {
      expect(monitoringViews[path]).toBeTypeOf('function');
      expect(hasView(path)).toBe(true);
      expect(viewRegistry[path]).toBe(monitoringViews[path]);
    }
  });
});

describe('live map page', () => {
  const tree = [{ id: '1', title: '总部', children: [{ id: '10', title: '粤B1', vin: 'LVIN0001', plateNumber: '粤B1', state: 4 }, { id: '11', title: '粤B2', vin: 'LVIN0002', plateNumber: '粤B2', state: 4 }] }];
  const routes = {
    'getVehTree': ok(tree),
    'getRealTimeData': ok({ total: 2, online: 0, driving: 0, charging: 0, offline: 2, alarm: 0 }),
    'realtimeInfo': ok({ vehicle: { vin: 'LVIN0001', plateNumber: '粤B1' }, realtime: { state: 1, speed: -0.1, soc: 70, voltage: 650.5, current: -20, mileage: 1000, lng: 114, lat: 22.5 }, alarms: [] }),
    'reGeoCode': ok({ formattedAddress: '广东省深圳市', province: '广东省', provinceCode: '440000', city: '深圳市', cityCode: '440300', location: '114,22.5' }),
  };

  it('subscribes to positions while mounted, counts from the live store, shows the chosen vehicle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const f = createMonitoringFixture(routes);
    const view = render(renderAt(f.services, '/monitoring/map', '/monitoring/map', <LiveMapPage />));
    expect(f.positions$.observed).toBe(true);
    expect(await screen.findByText('粤B1')).toBeInTheDocument();
    expect(screen.getByText('(0/2)')).toBeInTheDocument();
    act(() => {
      f.positions$.next({ code: 0, cmd: 1300, msg: '', ts: 1, data: [pos('LVIN0001'), pos('LVIN0002', { state: 3, alarmLevel: 2 })] });
      vi.advanceTimersByTime(1300);
    });
    await waitFor(() => expect(screen.getByTestId('count-monCountOnline')).toHaveTextContent('2'));
    expect(screen.getByTestId('count-monStateCharging')).toHaveTextContent('1');
    expect(screen.getByTestId('count-monCountAlarm')).toHaveTextContent('1');
    expect(screen.getByText('(2/2)')).toBeInTheDocument();

    fireEvent.click(screen.getByText('粤B1'));
    expect(await screen.findByText('广东省深圳市')).toBeInTheDocument();
    // Live speed (30) wins over the REST snapshot's −0.1; voltage comes from REST.
    expect(screen.getByTestId('rt-alarmSpeed')).toHaveTextContent('30 km/h');
    expect(screen.getByTestId('rt-monVoltage')).toHaveTextContent('650.5 V');
    expect(f.urls().some((u) => u.includes('realtimeInfo?vin=LVIN0001&carPlate=粤B1'))).toBe(true);
    view.unmount();
    expect(f.positions$.observed).toBe(false);
    vi.useRealTimers();
  });

  it('opens a vehicle from the list with Enter; the panel takes the focus and Escape gives it back', async () => {
    const f = createMonitoringFixture(routes);
    render(renderAt(f.services, '/monitoring/map', '/monitoring/map', <LiveMapPage />));
    const item = (await screen.findByText('粤B2')).closest<HTMLElement>('[role="treeitem"]')!;
    item.focus();
    fireEvent.keyDown(item, { key: 'Enter', code: 'Enter' });
    const panel = await screen.findByRole('complementary', { name: '实时信息' });
    expect(panel).toHaveFocus();
    fireEvent.keyDown(within(panel).getByRole('button', { name: '关闭' }), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '实时信息' })).toBeNull());
    expect(item).toHaveFocus();
  });

  it('counts the whole fleet from the gateway, parked included, however few vehicles the page has heard from', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const f = createMonitoringFixture({ ...routes, 'getRealTimeData': ok({ total: 200, online: 150, driving: 90, parked: 40, charging: 20, offline: 50, alarm: 3 }) });
    render(renderAt(f.services, '/monitoring/map', '/monitoring/map', <LiveMapPage />));
    await waitFor(() => expect(screen.getByTestId('count-monCountTotal')).toHaveTextContent('200'));
    expect(screen.getByTestId('count-monStateParked')).toHaveTextContent('40');
    expect(screen.getByTestId('count-monCountOnline')).toHaveTextContent('150');
    act(() => {
      f.positions$.next({ code: 0, cmd: 1300, msg: '', ts: 1, data: [pos('LVIN0001', { state: 2, speed: 0 }), pos('LVIN0002')] });
      vi.advanceTimersByTime(1300);
    });
    await waitFor(() => expect(screen.getByTestId('count-monCountOnline')).toHaveTextContent('2'));
    // Two vehicles heard from: still 200 in the fleet, the 198 others as the gateway has them (offline).
    expect(screen.getByTestId('count-monCountTotal')).toHaveTextContent('200');
    expect(screen.getByTestId('count-monStateParked')).toHaveTextContent('1');
    expect(screen.getByTestId('count-monStateOffline')).toHaveTextContent('198');
    vi.useRealTimers();
  });
});

describe('message parsing page', () => {
  it('lists frames and decodes the chosen one in the browser', async () => {
    const f = createMonitoringFixture({
      dataMessageList: page([{ id: '5', vin: 'OV20260001', command: 2, commandName: '实时信息上报', receivedTime: '2026-09-17 12:30:01', dataTime: '2026-09-17 12:30:00', length: 58 }]),
      dataMessageDetail: ok({ id: '5', hex: V4 }),
    });
    render(renderAt(f.services, '/alarmMessageParsing/index?vin=OV20260001', '/alarmMessageParsing/index', <MessageParsingPage />));
    fireEvent.click(await screen.findByText('实时信息上报'));
    expect(await screen.findByText('3.276, 3.28, 3.265, 3.271')).toBeInTheDocument();
    const detail = f.requests.find((r) => r.url.includes('dataMessageDetail'))!;
    expect(JSON.parse(String(detail.body))).toEqual({ id: '5' });
    expect(f.urls()[0]).toContain('vin=OV20260001');
  });
});

describe('trajectory page', () => {
  it('queries the track of a VIN over the range and plays it back', async () => {
    const f = createMonitoringFixture({
      historyTrackPlayback: ok({ plateNumber: '粤B1', points: [{ time: '2025-01-01 08:00:00', lng: 114, lat: 22.5, speed: 10, soc: 50 }, { time: '2025-01-01 08:10:00', lng: 114.1, lat: 22.6, speed: 20, soc: 49 }], stops: [] }),
    });
    render(renderAt(f.services, '/trajectory/index?vin=LVIN0001&timeSlot=1735689600000,1735693200000', '/trajectory/index', <TrajectoryPage />));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('粤B1')).toBeInTheDocument();
    const url = f.urls().find((u) => u.includes('historyTrackPlayback'))!;
    expect(url).toContain('vin=LVIN0001');
    expect(url).toMatch(/startTime=2025-01-01[+ ]\d\d:00:00/);
    expect(screen.getByTestId('track-time')).toHaveTextContent('2025-01-01 08:00:00');
    expect(screen.getByRole('button', { name: '播放' })).toBeEnabled();
  });
});

describe('vehicle detail page', () => {
  it('shows master data labels, live readings, recent alarms and the weakest cell', async () => {
    const f = createMonitoringFixture({
      'vehicle/info': ok({ id: '9', vin: 'OV20260001', plateNumber: '粤B9', orgId: '1', orgName: '一队' }),
      realtimeInfo: ok({ realtime: { state: 2, speed: 0, soc: 80 }, alarms: [] }),
      'vehicleAlarmData/page': page([{ id: '1', alarmName: '单体电压过低', alarmLevel: 2, startTime: '2026-09-17 12:00:00' }]),
      dataMessageList: page([{ id: '5' }]),
      dataMessageDetail: ok({ hex: V4 }),
    });
    render(renderAt(f.services, '/vehicleDetails/index?vin=OV20260001', '/vehicleDetails/index', <VehicleDetailPage />));
    expect(await screen.findByText('一队')).toBeInTheDocument();
    expect(await screen.findByText('单体电压过低')).toBeInTheDocument();
    expect(await screen.findByText(/最弱单体 #3: 3.265 V/)).toBeInTheDocument();
    expect(f.urls().some((u) => u.includes('dataMessageList') && u.includes('command=2'))).toBe(true);
  });
});
