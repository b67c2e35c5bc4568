import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import type { AppActors } from '../app/app-actors';
import { AppActorsProvider } from '../app/AppActorsProvider';
import { liveLinkMachine, type LinkCommand, type LinkEvent } from '../machines/live-link.machine';
import { flush } from '../test-support/flush';
import { loadShellStyles } from '../test-support/shell-styles';
import { AlarmCardStack, INBOX_PATH, VISIBLE_CARDS } from './AlarmCardStack';

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
  const alarm = (n: number) => {
    const data: AlarmCardData = { type: 0, alarmType: '3', alarmName: `温度差异报警 ${n}`, vin: `LVIN000${n}`, carPlate: `粤B${n}`, espeed: 42, stime: '2025-01-01 08:00:00', duration: n };
    act(() => sendBack({ type: 'MESSAGE', message: { code: 200, cmd: 1200, msg: '', ts: n, data } }));
  };
  return { socket, alarm };
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

function renderStack(socket: ReturnType<typeof createActor<typeof liveLinkMachine>>) {
  render(
    <AppActorsProvider actors={{ socket } as unknown as AppActors}>
      <MemoryRouter initialEntries={['/wel/index']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <AlarmCardStack />
      </MemoryRouter>
    </AppActorsProvider>,
  );
}

const cards = () => screen.queryAllByRole('article').map((card) => within(card).getByText(/温度差异报警/).textContent);

describe('alarm card stack', () => {
  it(`shows the ${VISIBLE_CARDS} newest cards and '+N more' for the others`, async () => {
    const { socket, alarm } = await openSocket();
    renderStack(socket);
    for (let n = 1; n <= 5; n += 1) alarm(n);
    expect(cards()).toEqual(['温度差异报警 5', '温度差异报警 4', '温度差异报警 3']);
    expect(screen.getByRole('button', { name: '还有 2 条' })).toBeInTheDocument();

    // Closing one shows the next waiting one.
    fireEvent.click(within(screen.getAllByRole('article')[0]).getByRole('button', { name: '关闭' }));
    expect(cards()).toEqual(['温度差异报警 4', '温度差异报警 3', '温度差异报警 2']);
    expect(screen.getByRole('button', { name: '还有 1 条' })).toBeInTheDocument();
    fireEvent.click(within(screen.getAllByRole('article')[0]).getByRole('button', { name: '关闭' }));
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /还有/ })).toBeNull();
    socket.stop();
  });

  it("'+N more' opens the inbox of the live map, where the stack steps aside", async () => {
    const { socket, alarm } = await openSocket();
    renderStack(socket);
    for (let n = 1; n <= 4; n += 1) alarm(n);
    fireEvent.click(screen.getByRole('button', { name: '还有 1 条' }));
    expect(screen.getByLabelText('location').textContent).toMatch(new RegExp(`^${INBOX_PATH} \\{"openInbox":\\d+\\}$`));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    socket.stop();
  });

  it('stays inside the window: under the header and tab strip, the cards scrolling within', async () => {
    loadShellStyles();
    const { socket, alarm } = await openSocket();
    renderStack(socket);
    for (let n = 1; n <= 5; n += 1) alarm(n);
    const stack = document.querySelector('.wd-alarm-stack')!;
    const style = getComputedStyle(stack);
    expect(style.position).toBe('fixed');
    // jsdom has no layout: the declared bounds are what keep it inside.
    expect(style.maxHeight.replace(/\s+/g, ' ')).toBe('calc(100vh - var(--wd-header-height) - var(--wd-tabs-height) - 32px)');
    expect(style.maxWidth.replace(/\s+/g, ' ')).toBe('calc(100vw - 32px)');
    const list = stack.querySelector('.wd-alarm-stack-cards')!;
    expect(getComputedStyle(list).overflowY).toBe('auto');
    expect(getComputedStyle(list).minHeight).toBe('0px');
    socket.stop();
  });

  it('announces a new card once (kind, level and vehicle), not the stack changing after it', async () => {
    const { socket, alarm } = await openSocket();
    renderStack(socket);
    const regions = () => [...document.querySelectorAll('[aria-live="polite"]')];
    const [status] = regions();
    expect(status).toHaveTextContent('');
    alarm(1);
    expect(status).toHaveTextContent('新报警 温度差异报警 1，车辆 粤B1');
    // Closing a card changes the stack, not the announcement; the next card replaces it.
    fireEvent.click(within(screen.getAllByRole('article')[0]).getByRole('button', { name: '关闭' }));
    expect(status).toHaveTextContent('新报警 温度差异报警 1，车辆 粤B1');
    alarm(2);
    expect(status).toHaveTextContent('新报警 温度差异报警 2，车辆 粤B2');
    expect(regions()).toEqual([status]);
    expect(screen.getByRole('region', { name: '实时报警' })).not.toHaveAttribute('aria-live');
    socket.stop();
  });

  it('Alt+Shift+A moves focus to the newest card from anywhere', async () => {
    const { socket, alarm } = await openSocket();
    renderStack(socket);
    alarm(1);
    alarm(2);
    fireEvent.keyDown(window, { code: 'KeyA', altKey: true, shiftKey: true });
    const newest = screen.getAllByRole('article')[0];
    expect(document.activeElement).toBe(within(newest).getByRole('button', { name: '立即查看' }));
    socket.stop();
  });
});
