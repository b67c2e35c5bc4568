import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { buttonSet } from '../crud/buttons';
import { crudHarness, ok } from '../crud/crud-fixture';
import { TeamVehicleReport } from './TeamVehicleReport';

const VIN = 'LWDIOV00000000007';
const DAY = '2026-11-21';

function renderReport(codes: Record<string, true>) {
  const h = crudHarness(1, {
    '/wdiov-vehteam/vehicleReport/page': ok({ records: [{ date: DAY, vin: VIN, mileage: 42.5, energyUsed: 6.1, drivingHours: 1.5, onlineHours: 8, alarmCount: 2, faultCount: 0 }], total: 1 }),
    '/wdiov-vehteam/routeTimeline/page': ok({ records: [{ kind: 'drive', startTime: `${DAY} 10:00:00`, endTime: `${DAY} 10:05:00`, durationS: 300, distanceKm: 3, avgSpeed: 36, maxSpeed: 40 }], total: 1 }),
  });
  render(h.wrap(<TeamVehicleReport vin={VIN} buttons={buttonSet(codes, 'team_vehicle')} onClose={() => undefined} />));
  return h;
}

describe('a fleet vehicle’s report', () => {
  it('reads the vehicle’s days from the fleet team’s call, and a day’s route timeline where granted', async () => {
    const h = renderReport({ team_vehicle_report: true, team_vehicle_timeline: true });
    const days = await screen.findByRole('table', { name: /每日报表/ });
    expect(within(days).getByText('42.5')).toBeInTheDocument();
    const report = h.fake.requests.find((r) => r.url.includes('/wdiov-vehteam/vehicleReport/page'))!;
    expect(new URL(report.url, 'http://x').searchParams.get('vin')).toBe(VIN);
    fireEvent.click(within(days).getByRole('button', { name: DAY }));
    const timeline = await screen.findByRole('table', { name: `${DAY} 的行程` });
    expect(within(timeline).getByText('行驶')).toBeInTheDocument();
    const asked = new URL(h.fake.requests.find((r) => r.url.includes('/wdiov-vehteam/routeTimeline/page'))!.url, 'http://x').searchParams;
    expect([asked.get('vin'), asked.get('startTime'), asked.get('endTime')]).toEqual([VIN, `${DAY} 00:00:00`, `${DAY} 23:59:59`]);
  });

  it('offers no timeline without its code', async () => {
    const h = renderReport({ team_vehicle_report: true });
    const days = await screen.findByRole('table', { name: /每日报表/ });
    expect(within(days).getByText(DAY)).toBeInTheDocument();
    expect(within(days).queryByRole('button', { name: DAY })).toBeNull();
    expect(h.fake.requests.some((r) => r.url.includes('routeTimeline'))).toBe(false);
  });
});
