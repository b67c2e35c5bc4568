import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { Subject } from 'rxjs';
import type { AlarmCardData, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { AppActors } from '../app/app-actors';
import { AlarmInboxPanel } from './AlarmInboxPanel';
import { createMonitoringFixture } from './monitoring-fixture';
import { MonitoringServicesProvider, monitoringServicesOf } from './monitoring-services';

const card = (n: number): AlarmCardData => ({ type: 0, alarmType: '3', alarmName: `温度差异报警 ${n}`, vin: `LVIN000${n}`, carPlate: `粤B${n}`, espeed: 42, stime: '2025-01-01 08:00:00', duration: n });

describe("the live map's alarm inbox", () => {
  it('starts with the cards the shell stacked before any monitoring screen opened, newest first', () => {
    const messages$ = new Subject<ServerSocketMessage>();
    const actors = {
      http: {},
      notifier: {},
      socketMessage$: messages$,
      config: { utcOffsetMin: -300 },
      socket: { getSnapshot: () => ({ context: { cards: [{ key: 3, card: card(3) }, { key: 2, card: card(2) }] } }) },
    } as unknown as AppActors;
    const services = monitoringServicesOf(actors);
    expect(services.inbox.items$.getValue().map((i) => i.card.alarmName)).toEqual(['温度差异报警 3', '温度差异报警 2']);
    expect(services.utcOffsetMin).toBe(-300);
    // Later cards come from the stream, on top.
    messages$.next({ code: 200, cmd: 1200, msg: '', ts: 4, data: card(4) });
    expect(services.inbox.items$.getValue()[0].card.alarmName).toBe('温度差异报警 4');
    services.inbox.stop();
  });

  it("opens when asked by the stack's '+N more', even after it was collapsed", () => {
    const f = createMonitoringFixture({});
    function AskAgain() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('/monitoring/map', { state: { openInbox: 2 } })}>more</button>;
    }
    render(
      <MonitoringServicesProvider services={f.services}>
        <MemoryRouter initialEntries={[{ pathname: '/monitoring/map', state: { openInbox: 1 } }]}>
          <Routes>
            <Route path="/monitoring/map" element={<><AlarmInboxPanel /><AskAgain /></>} />
          </Routes>
        </MemoryRouter>
      </MonitoringServicesProvider>,
    );
    act(() => f.messages$.next({ code: 200, cmd: 1200, msg: '', ts: 1, data: card(1) }));
    expect(screen.getByText('温度差异报警 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /报警消息/ }));
    expect(screen.queryByText('温度差异报警 1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByText('温度差异报警 1')).toBeInTheDocument();
  });
});
