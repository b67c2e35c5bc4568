import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import type { AppActors } from '../app/app-actors';
import { AppActorsProvider } from '../app/AppActorsProvider';
import { liveLinkMachine, type LinkCommand, type LinkEvent } from '../machines/live-link.machine';
import { flush } from '../test-support/flush';
import { loadShellStyles } from '../test-support/shell-styles';
import { alarmCardSettings, DEFAULT_COLLAPSE_SECONDS } from './alarm-card-settings';
import { AlarmCardDock, INBOX_PATH } from './AlarmCardDock';

/** The shell's socket actor over a fake connection, open. */
async function openSocket() {
  let sendBack: (event: LinkEvent) => void = () => undefined;
  const machine = liveLinkMachine.provide({
    actors: {
      fetchSocketSwitch: fromPromise(async () => '1'),
      socketLink: fromCallback<LinkCommand, { token: string }>(({ sendBack: back }) => {
        sendBack = back as (event: LinkEvent) => void;
        return () => undefined;
      }),
    },
  });
  const socket = createActor(machine, { input: { transport: 'socket' } }).start();
  socket.send({ type: 'OPEN', token: 'tok' });
  await flush();
  sendBack({ type: 'CONNECTED' });
  await flush();
  /** Alarm `n` at `level` (none: counted as level 3). */
  const alarm = (n: number, level?: 1 | 2 | 3 | 4) => {
    const data: AlarmCardData = { type: 0, level, alarmType: '3', alarmName: `温度差异报警 ${n}`, vin: `LVIN000${n}`, carPlate: `粤B${n}`, espeed: 42, stime: '2025-01-01 08:00:00', duration: n };
    act(() => sendBack({ type: 'MESSAGE', message: { code: 200, cmd: 1200, msg: '', ts: n, data } }));
  };
  return { socket, alarm };
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

function renderDock(socket: ReturnType<typeof createActor<typeof liveLinkMachine>>) {
  render(
    <AppActorsProvider actors={{ socket } as unknown as AppActors}>
      <MemoryRouter initialEntries={['/wel/index']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <AlarmCardDock />
      </MemoryRouter>
    </AppActorsProvider>,
  );
}

const shownNames = () => screen.queryAllByRole('article').map((card) => within(card).getByText(/温度差异报警/).textContent);
const close = () => fireEvent.click(within(screen.getByRole('article')).getByRole('button', { name: '关闭' }));
const isNotice = () => screen.getByRole('article').classList.contains('wd-alarm-notice');

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

// Rendering the real machine with twenty cards takes seconds on a loaded machine.
describe('alarm pop-up', { timeout: 20_000 }, () => {
  it("shows one card, the most severe then the newest, and counts the others; closing one shows the next", async () => {
    const { socket, alarm } = await openSocket();
    renderDock(socket);
    alarm(1, 2);
    alarm(2, 4);
    alarm(3, 1);
    alarm(4, 2);
    expect(shownNames()).toEqual(['温度差异报警 2']);
    expect(screen.getByRole('button', { name: '还有 3 条' })).toBeInTheDocument();
    close();
    expect(shownNames()).toEqual(['温度差异报警 4']);
    close();
    expect(shownNames()).toEqual(['温度差异报警 1']);
    expect(screen.getByRole('button', { name: '还有 1 条' })).toBeInTheDocument();
    close();
    expect(shownNames()).toEqual(['温度差异报警 3']);
    expect(screen.queryByRole('button', { name: /还有/ })).toBeNull();
    close();
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.queryByRole('region', { name: '实时报警' })).toBeNull();
    socket.stop();
  });

  it('dismiss-all closes every card at once', async () => {
    const { socket, alarm } = await openSocket();
    renderDock(socket);
    for (let n = 1; n <= 20; n += 1) alarm(n, 3);
    expect(screen.getByRole('button', { name: '还有 19 条' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '全部关闭' }));
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(socket.getSnapshot().context.cards).toEqual([]);
    socket.stop();
  });

  it("the count of the others opens the live map's inbox, where the pop-up steps aside", async () => {
    const { socket, alarm } = await openSocket();
    renderDock(socket);
    for (let n = 1; n <= 4; n += 1) alarm(n);
    fireEvent.click(screen.getByRole('button', { name: '还有 3 条' }));
    expect(screen.getByLabelText('location').textContent).toMatch(new RegExp(`^${INBOX_PATH} \\{"openInbox":\\d+\\}$`));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    socket.stop();
  });

  it(`collapses a level 1 or 2 card to its notice after ${DEFAULT_COLLAPSE_SECONDS} s; level 3 and 4 stay open`, async () => {
    const { socket, alarm } = await openSocket();
    vi.useFakeTimers();
    renderDock(socket);
    alarm(1, 2);
    act(() => vi.advanceTimersByTime(DEFAULT_COLLAPSE_SECONDS * 1000 - 1));
    expect(isNotice()).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(isNotice()).toBe(true);
    expect(screen.getByRole('article')).toHaveTextContent('温度差异报警 1');
    expect(screen.getByRole('article')).toHaveTextContent('粤B1');

    // A level-3 card comes to the front open, and stays open.
    alarm(2, 3);
    expect(shownNames()).toEqual(['温度差异报警 2']);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(isNotice()).toBe(false);
    // Acknowledged, the collapsed level-2 card comes back as it was: collapsed.
    close();
    expect(isNotice()).toBe(true);

    // Expanded by hand, it is open for the setting's time again.
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    expect(isNotice()).toBe(false);
    act(() => vi.advanceTimersByTime(DEFAULT_COLLAPSE_SECONDS * 1000));
    expect(isNotice()).toBe(true);
    socket.stop();
  });

  it("collapses after the user's setting, kept in local storage", async () => {
    alarmCardSettings.setCollapseSeconds(40);
    expect(JSON.parse(localStorage.getItem('wdiov-alarmCollapseSeconds')!).content).toBe(40);
    const { socket, alarm } = await openSocket();
    vi.useFakeTimers();
    renderDock(socket);
    alarm(1, 1);
    act(() => vi.advanceTimersByTime(39_999));
    expect(isNotice()).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(isNotice()).toBe(true);
    // Out of range values are held to the bounds.
    alarmCardSettings.setCollapseSeconds(0);
    expect(alarmCardSettings.collapseSeconds()).toBe(3);
    socket.stop();
  });

  it('is docked under the page in the frame\'s flow, not laid over it', async () => {
    loadShellStyles();
    const { socket, alarm } = await openSocket();
    renderDock(socket);
    alarm(1);
    const dock = screen.getByRole('region', { name: '实时报警' });
    const style = getComputedStyle(dock);
    expect(['static', 'relative', '']).toContain(style.position);
    expect(style.flexShrink).toBe('0');
    expect(['auto', '']).toContain(style.zIndex);
    socket.stop();
  });

  it('announces a new card once (kind, level and vehicle), not the pop-up changing after it', async () => {
    const { socket, alarm } = await openSocket();
    renderDock(socket);
    const regions = () => [...document.querySelectorAll('[aria-live="polite"]')];
    const [status] = regions();
    expect(status).toHaveTextContent('');
    alarm(1);
    expect(status).toHaveTextContent('新报警 温度差异报警 1，车辆 粤B1');
    close();
    expect(status).toHaveTextContent('新报警 温度差异报警 1，车辆 粤B1');
    alarm(2);
    expect(status).toHaveTextContent('新报警 温度差异报警 2，车辆 粤B2');
    expect(regions()).toEqual([status]);
    expect(screen.getByRole('region', { name: '实时报警' })).not.toHaveAttribute('aria-live');
    socket.stop();
  });

  it('Alt+Shift+A opens a collapsed card and focuses its view now; Alt+Shift+X acknowledges it', async () => {
    const { socket, alarm } = await openSocket();
    vi.useFakeTimers();
    renderDock(socket);
    alarm(1, 3);
    alarm(2, 1);
    close();
    act(() => vi.advanceTimersByTime(DEFAULT_COLLAPSE_SECONDS * 1000));
    expect(isNotice()).toBe(true);
    act(() => void fireEvent.keyDown(window, { code: 'KeyA', altKey: true, shiftKey: true }));
    expect(isNotice()).toBe(false);
    expect(document.activeElement).toBe(within(screen.getByRole('article')).getByRole('button', { name: '立即查看' }));
    act(() => void fireEvent.keyDown(window, { code: 'KeyX', altKey: true, shiftKey: true }));
    expect(screen.queryAllByRole('article')).toEqual([]);
    socket.stop();
  });
});
