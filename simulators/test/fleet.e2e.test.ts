// End to end over TCP: the fleet against an in-test ingest that decodes with the codec.
import { Command } from '@wdiov/contracts/protocol/index';
import { demoFleet } from '@wdiov/contracts/simulation/index';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Fleet, type FleetOptions } from '../src/fleet.ts';
import { replay } from '../src/replay.ts';
import { parseRecording, recordLine } from '../src/recording.ts';
import { newStats } from '../src/stats.ts';
import { startFakeIngest, type Received } from './fake-ingest.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function waitFor(what: string, cond: () => boolean, timeoutMs = 8_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setup(
  vehicles: number, ingestOpts: Parameters<typeof startFakeIngest>[0] = {}, onSent?: (b: Uint8Array, ms: number) => void,
  edition: '2016' | '2025' = '2016',
) {
  const ingest = await startFakeIngest(ingestOpts);
  cleanups.push(() => ingest.close());
  const options: FleetOptions = {
    vehicles, rate: 2, seed: 1, host: '127.0.0.1', port: ingest.port, edition, alarmRate: 1, faultRate: 1,
    fenceRate: 1, city: 'shenzhen', rampS: 0, cells: 96,
  };
  const fleet = new Fleet(options, { onSent });
  cleanups.push(() => fleet.stop());
  fleet.start();
  return { ingest, fleet };
}

const byVin = (received: Received[], vin: string) => received.filter((r) => r.frame.vin === vin);
const ofCommand = (received: Received[], command: number) => received.filter((r) => r.frame.command === command);

describe('fleet over TCP', () => {
  it('5 vehicles log in, send realtime frames, and log out on shutdown', async () => {
    const { ingest, fleet } = await setup(5);
    const vins = demoFleet(1, 5).map((v) => v.vin);
    await waitFor('2 realtime frames per vehicle', () => vins.every((vin) => ofCommand(byVin(ingest.received, vin), Command.realtime).length >= 2));
    expect(fleet.stats).toMatchObject({ connected: 5, online: 5, logins: 5 });
    await fleet.stop();
    await waitFor('5 logouts', () => ofCommand(ingest.received, Command.vehicleLogout).length === 5);

    expect(ingest.undecodable).toEqual([]);
    for (const vin of vins) {
      const frames = byVin(ingest.received, vin);
      expect(new Set(frames.map((f) => f.connection)).size).toBe(1); // one connection per vehicle
      const login = frames[0].frame.body;
      const logout = frames[frames.length - 1].frame.body;
      expect(login.kind === 'login' && login.seq).toBe(1);
      expect(login.kind === 'login' && login.iccid).toBe(demoFleet(1, 5).find((v) => v.vin === vin)!.iccid);
      expect(logout).toMatchObject({ kind: 'logout', seq: 1 });
      expect(frames[1].frame.command).toBe(Command.timeSync);
    }
    expect(fleet.stats).toMatchObject({ connected: 0, online: 0, logouts: 5, errors: 0 });
    expect(fleet.stats.acksReceived).toBe(10); // login + time sync acks; realtime is not acked
    expect(fleet.stats.framesSent).toBe(ingest.received.length);
  });

  it('2025: vehicles the ingest does not know are refused (VIN not found) and send no data', async () => {
    const known = demoFleet(1, 2).map((v) => v.vin);
    const { ingest, fleet } = await setup(4, { knownVins: new Set(known) }, undefined, '2025');
    await waitFor('refusals and data', () => fleet.stats.loginsRejected === 2 && ofCommand(ingest.received, Command.realtime).length >= 4);
    const senders = new Set(ofCommand(ingest.received, Command.realtime).map((r) => r.frame.vin));
    expect([...senders].sort()).toEqual([...known].sort());
    expect(fleet.stats).toMatchObject({ logins: 2, online: 2 });
    expect(ingest.received.every((r) => r.frame.edition === '2025')).toBe(true);
    expect(ingest.undecodable).toEqual([]);
  });

  it('reconnects after the ingest drops the link, logs in again and reissues what it missed', async () => {
    const { ingest, fleet } = await setup(2);
    await waitFor('logins', () => fleet.stats.online === 2 && ofCommand(ingest.received, Command.realtime).length >= 2);
    ingest.dropAll();
    await waitFor('second logins', () => ofCommand(ingest.received, Command.vehicleLogin).length === 4, 10_000);
    await waitFor('data after reconnecting', () => ingest.received.filter((r) => r.connection > 2 && r.frame.command === Command.realtime).length >= 2);
    const logins = ofCommand(ingest.received, Command.vehicleLogin).map((r) => r.frame.body);
    expect(logins.map((b) => b.kind === 'login' && b.seq).sort()).toEqual([1, 1, 2, 2]);
    expect(fleet.stats.reconnects).toBe(2);
    // Reports produced while the link was down come after the new login as reissue (0x03).
    const reissued = ingest.received.filter((r) => r.connection > 2 && r.frame.command === Command.reissue);
    expect(reissued.length).toBeGreaterThan(0);
  });

  it('records what it sends, and a replay sends the same frames again', async () => {
    const lines: string[] = [];
    const { ingest, fleet } = await setup(2, {}, (bytes, ms) => lines.push(recordLine(ms, bytes)));
    await waitFor('some data', () => ofCommand(ingest.received, Command.realtime).length >= 4);
    await fleet.stop();
    const recorded = parseRecording(lines.join(''));
    expect(recorded.frames).toHaveLength(ingest.received.length);

    const sink = await startFakeIngest();
    cleanups.push(() => sink.close());
    const stats = newStats();
    await replay(recorded.frames, { host: '127.0.0.1', port: sink.port, drainMs: 200 }, stats);
    // Per vehicle (connections interleave freely), the same bytes in the same order.
    const hex = (r: Received) => Buffer.from(r.bytes).toString('hex');
    for (const { vin } of demoFleet(1, 2)) expect(byVin(sink.received, vin).map(hex)).toEqual(byVin(ingest.received, vin).map(hex));
    expect(sink.received).toHaveLength(ingest.received.length);
    expect(stats.logins).toBe(2);
  });

  it('counts why links failed: a platform that never answers the login, and a port nobody listens on', async () => {
    // A platform that accepts connections and says nothing.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      held.add(socket.on('error', () => {}).on('close', () => held.delete(socket)));
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => {
      silent.close(() => r());
      for (const socket of held) socket.destroy();
    }));
    const port = (silent.address() as net.AddressInfo).port;
    const options = (p: number): FleetOptions => ({
      vehicles: 2, rate: 2, seed: 1, host: '127.0.0.1', port: p, edition: '2016', alarmRate: 0, faultRate: 0, fenceRate: 0, city: 'shenzhen', rampS: 0, cells: 4,
    });
    const unanswered = new Fleet(options(port), { link: { loginTimeoutMs: 200 } });
    cleanups.push(() => unanswered.stop());
    unanswered.start();
    await waitFor('login time-outs', () => unanswered.stats.loginTimeouts >= 2);
    expect(unanswered.stats).toMatchObject({ logins: 0, online: 0 });
    expect(unanswered.stats.socketErrors).toEqual({});

    // A port just freed: nothing listens there.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const freed = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = new Fleet(options(freed));
    cleanups.push(() => refused.stop());
    refused.start();
    await waitFor('refused connections', () => (refused.stats.socketErrors.ECONNREFUSED ?? 0) >= 2);
    expect(refused.stats.loginTimeouts).toBe(0);
  });
});
