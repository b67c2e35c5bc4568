// Downlink commands at a simulated terminal: the parameter table, the answers, and over TCP
// against a small platform that logs the vehicle in and sends it commands.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Command, ControlCommand, Encryption, ResponseFlag, buildLoginAck, createFramer, decodeFrame, encodeFrame, gbTimeFromEpochMs,
  gbTimeToEpochMs, type Edition, type Frame, type FrameBody,
} from '@wdiov/contracts/protocol/index';
import { answerData } from '@wdiov/contracts/diagnosis/command-frames';
import { demoFleet } from '@wdiov/contracts/simulation/index';
import { Fleet } from '../src/fleet.ts';
import { answerCommand } from '../src/terminal-commands.ts';
import { TerminalParams } from '../src/terminal-params.ts';

const VIN = 'LSVAU2180N2180001';
const ALL_IDS = Array.from({ length: 16 }, (_, i) => i + 1);
const now = Date.UTC(2025, 5, 1, 2, 0, 0);

const command = (edition: Edition, id: number, body: FrameBody, vin = VIN): Frame => {
  const r = decodeFrame(encodeFrame({ edition, command: id, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none, body }));
  if (!r.ok) throw new Error(r.reason);
  return r.frame;
};
const decoded = (bytes: Uint8Array): Frame => {
  const r = decodeFrame(bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.frame;
};
const time = gbTimeFromEpochMs(now);

describe.each(['2016', '2025'] as const)('a %s terminal\'s parameters', (edition) => {
  const params = () => new TerminalParams({ edition, reportPeriodMs: 10_000, heartbeatMs: 30_000, host: 'gw.example.com', port: 32960 });

  it('answers a full query with every parameter, readable by the platform\'s codec', () => {
    const result = answerCommand(command(edition, Command.queryParams, { kind: 'queryParams', time, ids: ALL_IDS }), params(), now);
    const answer = decoded(result.answer);
    expect(answer).toMatchObject({ edition, command: Command.queryParams, responseFlag: ResponseFlag.success, vin: VIN });
    expect(answerData(answer)).toEqual({
      params: {
        1: 1000, 2: 10, 3: edition === '2016' ? 1000 : 1, 4: 14, 5: 'gw.example.com', 6: 32960, 7: 'HW1.0', 8: 'FW1.2', 9: 30, 10: 10, 11: 60,
        12: 1, 13: 0, 14: '', 15: 0, 16: 2,
      },
    });
    expect(result.after).toBe('stay');
  });

  it('puts a domain\'s length before it even when only the domain is asked for', () => {
    const answer = decoded(answerCommand(command(edition, Command.queryParams, { kind: 'queryParams', time, ids: [0x05, 0x80] }), params(), now).answer);
    expect(answer.body).toMatchObject({ kind: 'params', params: [{ id: 4, value: 14 }, { id: 5, value: 'gw.example.com' }] });
  });

  it('applies a set and reports what changed; versions and sentinels stay', () => {
    const p = params();
    const body: FrameBody = { kind: 'params', time, params: [{ id: 2, value: 30 }, { id: 9, value: 'invalid' }, { id: 4, value: 5 }, { id: 5, value: 'a.com' }] };
    const result = answerCommand(command(edition, Command.setParams, body), p, now);
    expect(decoded(result.answer)).toMatchObject({ command: Command.setParams, responseFlag: ResponseFlag.success, body: { kind: 'ack' } });
    expect(result.changed).toEqual([2, 5]);
    expect([p.get(2), p.get(9), p.get(5)]).toEqual([30, 30, 'a.com']);
    expect(p.apply([{ id: 7, value: 'HW9.9' }])).toEqual([]);
    const reset = answerCommand(command(edition, Command.terminalControl, { kind: 'control', time, commandId: ControlCommand.factoryReset, args: new Uint8Array(0) }), p, now);
    expect(reset.changed).toEqual([2, 9]);
    expect(p.get(2)).toBe(10);
  });

  it('acknowledges controls; shutdown, disconnect and reset close the link after the answer; unknown ones are an error', () => {
    const control = (commandId: number, args = new Uint8Array(0)) =>
      answerCommand(command(edition, Command.terminalControl, { kind: 'control', time, commandId, args }), params(), now);
    expect(control(ControlCommand.shutdown).after).toBe('shutdown');
    expect(control(ControlCommand.disconnect).after).toBe('disconnect');
    expect(control(ControlCommand.reset).after).toBe('disconnect');
    const alarm = control(ControlCommand.alarm, Uint8Array.of(2));
    expect([alarm.after, decoded(alarm.answer).responseFlag]).toEqual(['stay', ResponseFlag.success]);
    expect(decoded(control(0x30).answer).responseFlag).toBe(ResponseFlag.error);
  });
});

/** A platform that accepts every login and lets the test send commands on the vehicle's connection. */
async function platform() {
  const received: { frame: Frame; connection: number }[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    const connection = sockets.push(socket);
    socket.on('error', () => {});
    const framer = createFramer();
    socket.on('data', (chunk) => {
      for (const bytes of framer.push(chunk)) {
        const r = decodeFrame(bytes);
        if (!r.ok) continue;
        received.push({ frame: r.frame, connection });
        if (r.frame.command === Command.vehicleLogin) socket.write(buildLoginAck(r.frame));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const send = (body: FrameBody, id: number) => sockets[sockets.length - 1]!.write(
    encodeFrame({ edition: '2016', command: id, responseFlag: ResponseFlag.command, vin: demoFleet(1, 1)[0]!.vin, encryption: Encryption.none, body }),
  );
  const close = () => new Promise<void>((r) => {
    sockets.forEach((s) => s.destroy());
    server.close(() => r());
  });
  return { port, received, sockets, send, close };
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('a simulated vehicle over TCP', () => {
  async function setup() {
    const p = await platform();
    cleanups.push(p.close);
    const fleet = new Fleet({
      vehicles: 1, rate: 1, seed: 1, host: '127.0.0.1', port: p.port, edition: '2016', alarmRate: 0, faultRate: 0, fenceRate: 0,
      city: 'shenzhen', rampS: 0, cells: 96,
    });
    cleanups.push(() => fleet.stop());
    fleet.start();
    await waitFor('login', () => p.received.some((r) => r.frame.command === Command.vehicleLogin));
    const answers = (id: number) => p.received.filter((r) => r.frame.command === id && r.frame.responseFlag !== ResponseFlag.command);
    return { p, fleet, answers };
  }
  const realtimeTimes = (p: Awaited<ReturnType<typeof platform>>) =>
    p.received.filter((r) => r.frame.command === Command.realtime && r.frame.body.kind === 'realtime')
      .map((r) => gbTimeToEpochMs((r.frame.body as { time: Parameters<typeof gbTimeToEpochMs>[0] }).time));

  it('answers a query with its values and reports at the period a set gives it', async () => {
    const { p, fleet, answers } = await setup();
    p.send({ kind: 'queryParams', time, ids: [0x02, 0x05, 0x06, 0x09] }, Command.queryParams);
    const query = await waitFor('query answer', () => answers(Command.queryParams)[0]);
    expect(answerData(query.frame)).toEqual({ params: { 2: 1, 4: 9, 5: '127.0.0.1', 6: p.port, 9: 30 } });

    p.send({ kind: 'params', time, params: [{ id: 0x02, value: 2 }] }, Command.setParams);
    await waitFor('set answer', () => answers(Command.setParams).length);
    const from = realtimeTimes(p).length;
    await waitFor('4 more reports', () => realtimeTimes(p).length >= from + 4);
    const times = realtimeTimes(p).slice(from);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.slice(1).every((g) => g === 2000)).toBe(true);
    expect(fleet.stats.commandsAnswered).toBe(2);
  }, 20_000);

  it('answers a disconnect, then reconnects; answers a shutdown, then logs out and stays off', async () => {
    const { p, fleet, answers } = await setup();
    p.send({ kind: 'control', time, commandId: ControlCommand.disconnect, args: new Uint8Array(0) }, Command.terminalControl);
    await waitFor('second login', () => p.received.filter((r) => r.frame.command === Command.vehicleLogin).length === 2);
    expect(answers(Command.terminalControl)).toHaveLength(1);
    expect(answers(Command.terminalControl)[0]!.connection).toBe(1);

    p.send({ kind: 'control', time, commandId: ControlCommand.shutdown, args: new Uint8Array(0) }, Command.terminalControl);
    await waitFor('logout', () => p.received.some((r) => r.frame.command === Command.vehicleLogout));
    expect(answers(Command.terminalControl)).toHaveLength(2);
    const order = p.received.filter((r) => r.connection === 2).map((r) => r.frame.command);
    expect(order.indexOf(Command.terminalControl)).toBeLessThan(order.indexOf(Command.vehicleLogout));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(p.sockets).toHaveLength(2);
    expect(fleet.vehicles[0]!.state).toBe('stopped');
  }, 20_000);
});
