import { afterAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';

// The browser is in New York (UTC−5 in January); the gateway's times are Asia/Shanghai (UTC+8).
const previousZone = vi.hoisted(() => {
  const previous = process.env.TZ;
  process.env.TZ = 'America/New_York';
  return previous;
});
afterAll(() => {
  if (previousZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousZone;
});

import { createMonitoringFixture, ok, page, renderAt } from './monitoring-fixture';
import { fromPickerDate, slotFromPicker, timeText, toMs, toPickerDate } from './time-slot';
import TrajectoryPage from './TrajectoryPage';
import VehicleAlarmPage from './VehicleAlarmPage';

// No WebGL in jsdom.
vi.mock('../map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

/** 2025-01-01 00:00:00 UTC: 08:00 in Shanghai, 19:00 the day before in New York. */
const NEW_YEAR_UTC = 1735689600000;
const HOUR = 3_600_000;
const SHANGHAI = 480;

describe('server-zone times in a browser elsewhere', () => {
  it('runs in New York', () => {
    expect(new Date(NEW_YEAR_UTC).getTimezoneOffset()).toBe(300);
    expect(new Date(NEW_YEAR_UTC).getHours()).toBe(19);
  });

  it("formats and parses 'yyyy-MM-dd HH:mm:ss' in the server's zone", () => {
    expect(timeText(NEW_YEAR_UTC, SHANGHAI)).toBe('2025-01-01 08:00:00');
    expect(timeText(NEW_YEAR_UTC, -300)).toBe('2024-12-31 19:00:00');
    expect(toMs('2025-01-01 08:00:00', SHANGHAI)).toBe(NEW_YEAR_UTC);
    expect(toMs('2025-01-01T08:00:00', SHANGHAI)).toBe(NEW_YEAR_UTC);
    expect(toMs('2025-01-01T00:00:00Z', SHANGHAI)).toBe(NEW_YEAR_UTC);
    expect(toMs(String(NEW_YEAR_UTC), SHANGHAI)).toBe(NEW_YEAR_UTC);
    expect(toMs('not a time', SHANGHAI)).toBeNaN();
  });

  it("gives the pickers the server's wall clock and reads it back", () => {
    const shown = toPickerDate(NEW_YEAR_UTC, SHANGHAI);
    expect([shown.getFullYear(), shown.getMonth(), shown.getDate(), shown.getHours()]).toEqual([2025, 0, 1, 8]);
    expect(fromPickerDate(shown, SHANGHAI)).toBe(NEW_YEAR_UTC);
    // 08:00 picked is 08:00 in Shanghai, not in New York.
    expect(fromPickerDate(new Date(2025, 0, 1, 8, 0, 0), SHANGHAI)).toBe(NEW_YEAR_UTC);
    expect(slotFromPicker([new Date(2025, 0, 1, 8), new Date(2025, 0, 1, 9)], SHANGHAI)).toEqual({ start: NEW_YEAR_UTC, end: NEW_YEAR_UTC + HOUR });
    expect(slotFromPicker([new Date(2025, 0, 1, 8), null], SHANGHAI)).toBeNull();
  });

  it('trajectory: sends, shows and plays back the range in the server zone', async () => {
    const f = createMonitoringFixture({
      historyTrackPlayback: ok({
        plateNumber: '粤B1',
        points: [
          { time: '2025-01-01 08:00:00', lng: 114, lat: 22.5, speed: 10, soc: 50 },
          { time: '2025-01-01 08:10:00', lng: 114.1, lat: 22.6, speed: 20, soc: 49 },
        ],
        stops: [{ startTime: '2025-01-01 08:05:00', endTime: '2025-01-01 08:08:00', lng: 114, lat: 22.5 }],
      }),
    });
    const { container } = render(
      renderAt(f.services, `/trajectory/index?vin=LVIN0001&timeSlot=${NEW_YEAR_UTC},${NEW_YEAR_UTC + HOUR}`, '/trajectory/index', <TrajectoryPage />),
    );
    expect(container.querySelector<HTMLInputElement>('.p-calendar input')!.value).toBe('2025-01-01 08:00 - 2025-01-01 09:00');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('粤B1')).toBeInTheDocument();
    const url = f.urls().find((u) => u.includes('historyTrackPlayback'))!;
    const params = new URL(url, 'http://host').searchParams;
    expect(params.get('startTime')).toBe('2025-01-01 08:00:00');
    expect(params.get('endTime')).toBe('2025-01-01 09:00:00');
    expect(screen.getByTestId('track-time')).toHaveTextContent('2025-01-01 08:00:00');
    expect(screen.getByRole('button', { name: /^2025-01-01 08:05:00 · 3 / })).toBeInTheDocument();
    // The chart's time axis too.
    const ticks = [...container.querySelectorAll('.visx-axis-bottom .visx-axis-tick text')].map((n) => n.textContent);
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^08:(0\d|10)$/);
  });

  it('record lists: the time slot picker shows the server wall clock of ?timeSlot', async () => {
    const f = createMonitoringFixture({ 'vehicleAlarmData/page': page([]) });
    const { container } = render(
      renderAt(f.services, `/alarm/vehicleAlarm?vin=LVIN0002&timeSlot=${NEW_YEAR_UTC},${NEW_YEAR_UTC + HOUR}`, '/alarm/vehicleAlarm', <VehicleAlarmPage />),
    );
    await screen.findByDisplayValue('LVIN0002');
    expect(container.querySelector<HTMLInputElement>('.p-calendar input')!.value).toBe('2025-01-01 08:00 - 2025-01-01 09:00');
  });

  it('follows the zone the gateway answers (UTC_OFFSET_MIN)', async () => {
    const f = createMonitoringFixture({ historyTrackPlayback: ok({ points: [] }) }, { utcOffsetMin: 0 });
    render(renderAt(f.services, `/trajectory/index?vin=LVIN0001&timeSlot=${NEW_YEAR_UTC},${NEW_YEAR_UTC + HOUR}`, '/trajectory/index', <TrajectoryPage />));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await vi.waitFor(() => expect(f.urls().some((u) => u.includes('historyTrackPlayback'))).toBe(true));
    const params = new URL(f.urls().find((u) => u.includes('historyTrackPlayback'))!, 'http://host').searchParams;
    expect(params.get('startTime')).toBe('2025-01-01 00:00:00');
  });
});
