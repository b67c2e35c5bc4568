import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMonitoringFixture, ok, renderAt } from '../monitoring/monitoring-fixture';
import TrajectoryPage from '../monitoring/TrajectoryPage';

// The picker is under test, not the map (which reads the basemap settings of the signed-in app).
vi.mock('../map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const VEHICLES = [
  { id: '1', vin: 'LWDEB5K6XSC431961', plateNumber: '粤B·DQ9645' },
  { id: '2', vin: 'LWDEV3D4XSC214210', plateNumber: '粤B·DD0842' },
];

describe('track playback vehicle picker', () => {
  it('finds a vehicle by its plate, shows the plate first, and plays back its VIN', async () => {
    const f = createMonitoringFixture({
      'vehicle/list': async (req: { url: string }) => {
        const q = new URL(req.url, 'http://x').searchParams;
        const plate = q.get('plateNumber_like');
        const vin = q.get('vin_like');
        const records = VEHICLES.filter((v) => (!plate || v.plateNumber.includes(plate)) && (!vin || v.vin.includes(vin)));
        return new Response(JSON.stringify({ code: 200, success: true, data: { records, total: records.length }, msg: '' }), { headers: { 'content-type': 'application/json' } });
      },
      historyTrackPlayback: ok({ plateNumber: '粤B·DD0842', points: [], stops: [] }),
    });
    render(renderAt(f.services, '/trajectory/index?timeSlot=1735689600000,1735693200000', '/trajectory/index', <TrajectoryPage />));
    const input = screen.getByRole('combobox', { name: '车辆(车牌或VIN)' });
    fireEvent.change(input, { target: { value: 'DD0842' } });
    const option = await screen.findByText('粤B·DD0842 · LWDEV3D4XSC214210', {}, { timeout: 5_000 });
    expect(screen.queryByText('粤B·DQ9645 · LWDEB5K6XSC431961')).toBeNull();
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(f.urls().some((u) => u.includes('historyTrackPlayback') && u.includes('vin=LWDEV3D4XSC214210'))).toBe(true));
  }, 20_000);
});
