import { describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route } from 'react-router-dom';
import { Subject } from 'rxjs';
import { alarmCardFrame, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { persistMenu, persistTokens } from '../session/session-storage';
import { AppUnderTest, createTestApp } from '../test-support/app-harness';
import { createQueryClient } from '../shared/query-client';
import { useRefreshOnCards, useBoardNow } from '../stats/board-now';
import { createHttpClient } from '../api/http';
import { createFakeFetch, createFakeNotifier } from '../test-support/fake-fetch';
import WelcomePage from './WelcomePage';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const ok = (data: unknown) => ({ body: { code: 200, success: true, data, msg: '操作成功' } });
const now = (alarms: number) => ok({
  fleet: { total: 200, online: 150, offline: 50, driving: 90, parked: 40, charging: 20, alarm: 3, onlineRate: 75 },
  signedInAt: '2026-12-01 08:00:00', sinceSignIn: { alarms, faults: 1, fences: 2 },
  today: { alarms: 9, faults: 1, fences: 2, date: '2026-12-01' }, topAlarms: [],
});
const rollups = {
  getAlarmAndFaultDate: ok([]),
  getMileAndReduceEnergyEmissionData: ok({ days: [], total: { mileage: 0, energyUsed: 0, reduceEmission: 0 } }),
  getVehicleTotalMile: ok({ totalMileage: 0, todayMileage: 0, vehicles: 0, top: [] }),
  getRealTimeData: ok({ total: 200, online: 150, offline: 50, driving: 90, parked: 40, charging: 20, alarm: 3, onlineRate: 75 }),
};

function openHome() {
  persistTokens({ access_token: 'jwt', tenant_id: '000000', user_id: '1', role_name: 'operator', account: 'op', user_name: 'op' });
  persistMenu([], {});
  const app = createTestApp({ 'param/getValueByKey': ok('0'), 'dataBoard/now': now(4), ...rollups });
  const view = render(<AppUnderTest actors={app.actors} path="/wel/index" routes={<Route path="*" element={<WelcomePage />} />} />);
  return { app, view };
}

describe('home board', () => {
  it('shows the server\'s counts since this session signed in, and the same after a reload', async () => {
    const first = openHome();
    await waitFor(() => expect(screen.getByTestId('wel-alarms')).toHaveTextContent('4'));
    expect(screen.getByTestId('wel-faults')).toHaveTextContent('1');
    expect(screen.getByTestId('wel-fences')).toHaveTextContent('2');
    expect(screen.getByTestId('wel-inAlarm')).toHaveTextContent('3');
    expect(screen.getByText('以下为本次登录（2026-12-01 08:00:00）以来的报警、故障与围栏出入')).toBeInTheDocument();
    first.view.unmount();
    // A reload: new actors, a new cache; the figures are the server's, not a count the page kept.
    openHome();
    await waitFor(() => expect(screen.getByTestId('wel-alarms')).toHaveTextContent('4'));
    expect(screen.getByText('150 / 200')).toBeInTheDocument();
  });
});

describe('refresh on cards', () => {
  it('reads the figures again as soon as a card arrives, not once per card', async () => {
    let alarms = 1;
    const fake = createFakeFetch({ 'dataBoard/now': async () => new Response(JSON.stringify(now(alarms).body), { headers: { 'content-type': 'application/json' } }) });
    const http = createHttpClient({ fetch: fake.fetch, notifier: createFakeNotifier().notifier });
    const cards = new Subject<ServerSocketMessage>();
    function Probe() {
      useRefreshOnCards(cards);
      return <output>{useBoardNow(http).data?.sinceSignIn.alarms ?? '–'}</output>;
    }
    render(<QueryClientProvider client={createQueryClient()}><Probe /></QueryClientProvider>);
    expect(await screen.findByText('1')).toBeInTheDocument();
    alarms = 2;
    const card = alarmCardFrame({ type: 0, vin: 'LVIN1', carPlate: '粤B1', espeed: 0, stime: '2026-12-01 08:00:01', duration: 0 });
    act(() => {
      cards.next(card);
      cards.next(card);
    });
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.url.includes('dataBoard/now'))).toHaveLength(2);
  });
});
