import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { entities } from '@wdiov/contracts';
import { Command, ResponseFlag } from '@wdiov/contracts/protocol/index';
import { queryRows } from '../../gateway/src/db/client.ts';
import { entitySamples } from '../../gateway/test/entity-samples.ts';
import { heartbeatFrame, loginFrame, realtimeFrame, timeSyncFrame } from '../../gateway/test/gbt-frames.ts';
import { terminal, until } from '../../gateway/test/terminal-client.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * A terminal speaks for one vehicle: the one its connection logged in (GB/T 32960). Frames before
 * that login, or of another vehicle on its connection (another tenant's), are refused and not
 * stored; with INGEST_BIND_ICCID a vehicle logs in only with its terminal's SIM until an operator
 * records a terminal change; and the ingest binds the address HOST names.
 */
const VIN_A = 'LSVTL000000000001';
const VIN_B = 'LSVTL000000000002';
const VIN_C = 'LSVTL000000000003';
const FIRST_SIM = '89860012345678901234';
const NEW_SIM = '898602B1191750099999';
let server: SecurityServer;
let port: number;
let otherAdmin: string;

async function addTenant(name: string) {
  const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: name, linkman: '钱七' } });
  expect(add.body.code).toBe(200);
  const id = (await server.call('GET', `/api/wdiov-system/tenant/page?tenantName_equal=${encodeURIComponent(name)}`, { token: server.admin })).body.data.records[0].tenantId;
  return server.signIn('admin', '123456', id);
}

const samplers = new Map<string, ReturnType<typeof entitySamples>>();
/** One sampler per caller: it keeps the rows it made, so their unique codes are not made twice. */
const samplerOf = (token: string) => {
  if (!samplers.has(token)) samplers.set(token, entitySamples(server.gw, token));
  return samplers.get(token)!;
};

async function addVehicle(token: string, vin: string): Promise<string> {
  const body = { ...(await samplerOf(token).sample(entities.vehicle)), vin, terminalId: null };
  expect((await server.call('POST', '/api/wdiov-base/vehicle/submit', { token, body })).body.code).toBe(200);
  return (await server.call('GET', `/api/wdiov-base/vehicle/page?vin=${vin}&size=10`, { token })).body.data.records[0].id;
}

beforeAll(async () => {
  server = await startSecurityServer({ HOST: '127.0.0.1', INGEST_BIND_ICCID: 'on' });
  port = server.gw.streaming!.ingest!.port;
  otherAdmin = await addTenant('另一车队');
  await addVehicle(server.admin, VIN_A);
  await addVehicle(otherAdmin, VIN_B);
  await addVehicle(server.admin, VIN_C);
}, 60_000);
afterAll(() => server?.stop());

const db = () => server.gw.database.db;
const positionsAt = async (vin: string, at: number) =>
  (await queryRows(db(), sql`SELECT 1 FROM wdiov_position WHERE vin = ${vin} AND ts = ${new Date(at).toISOString()}::timestamptz`)).length;
const rawFramesOf = async (vin: string, since = new Date(0)) =>
  Number((await queryRows<{ n: string }>(db(), sql`SELECT count(*) AS n FROM wdiov_raw_frame WHERE vin = ${vin} AND received_at >= ${since.toISOString()}`))[0]!.n);
const answerTo = (t: ReturnType<typeof terminal>, vin: string, command: number) =>
  until(() => t.answers.find((a) => a.ok && a.frame.vin === vin && a.frame.command === command));
const flagOf = (a: Awaited<ReturnType<typeof answerTo>>) => (a.ok ? a.frame.responseFlag : undefined);
/** Whole seconds, as GB/T 32960 times are. */
const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) * 1000 - s * 1000;

/** Logs `vin` in on a new connection with the SIM given, answering the login's flag. */
async function logIn(vin: string, iccid = FIRST_SIM) {
  const t = terminal(port);
  await t.ready;
  t.send(loginFrame(vin, Date.now(), 1, iccid));
  return { t, flag: flagOf(await answerTo(t, vin, Command.vehicleLogin)) };
}

describe('a terminal connection', () => {
  it('carries the vehicle it logged in: another tenant\'s VIN on it is refused and nothing of it stored', async () => {
    const { t, flag } = await logIn(VIN_A);
    expect(flag).toBe(ResponseFlag.success);
    const foreign = secondsAgo(30);
    t.send(loginFrame(VIN_B, Date.now()));
    t.send(realtimeFrame({ vin: VIN_B, at: foreign }));
    t.send(realtimeFrame({ vin: VIN_B, at: foreign + 1000, reissue: true }));
    t.send(heartbeatFrame(VIN_B));
    for (const command of [Command.vehicleLogin, Command.realtime, Command.reissue, Command.heartbeat]) {
      expect(flagOf(await answerTo(t, VIN_B, command)), `0x${command.toString(16)}`).toBe(ResponseFlag.error);
    }
    // The connection's own vehicle carries on, and what it sends is stored: the refused frames had their chance.
    const own = secondsAgo(20);
    t.send(realtimeFrame({ vin: VIN_A, at: own }));
    await until(() => positionsAt(VIN_A, own), 10_000);
    expect(await positionsAt(VIN_B, foreign)).toBe(0);
    expect(await positionsAt(VIN_B, foreign + 1000)).toBe(0);
    expect(await rawFramesOf(VIN_B)).toBe(0);
    t.socket.destroy();
  });

  it('refuses realtime, reissue, heartbeat and time sync before a login, and stores none of them', async () => {
    // Counted from now: an earlier test's frames of the same VIN may still be on their way to the table.
    const since = new Date();
    const t = terminal(port);
    await t.ready;
    const early = secondsAgo(15);
    t.send(realtimeFrame({ vin: VIN_A, at: early }));
    t.send(realtimeFrame({ vin: VIN_A, at: early + 1000, reissue: true }));
    t.send(heartbeatFrame(VIN_A));
    t.send(timeSyncFrame(VIN_A));
    for (const command of [Command.realtime, Command.reissue, Command.heartbeat, Command.timeSync]) {
      expect(flagOf(await answerTo(t, VIN_A, command)), `0x${command.toString(16)}`).toBe(ResponseFlag.error);
    }
    t.send(loginFrame(VIN_A, Date.now()));
    expect(flagOf(await answerTo(t, VIN_A, Command.vehicleLogin))).toBe(ResponseFlag.success);
    const after = secondsAgo(10);
    t.send(realtimeFrame({ vin: VIN_A, at: after }));
    await until(() => positionsAt(VIN_A, after), 10_000);
    expect(await positionsAt(VIN_A, early)).toBe(0);
    expect(await positionsAt(VIN_A, early + 1000)).toBe(0);
    // The login and the one realtime frame after it.
    await until(async () => (await rawFramesOf(VIN_A, since)) >= 2, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await rawFramesOf(VIN_A, since)).toBe(2);
    t.socket.destroy();
  });
});

describe('a vehicle bound to its terminal', () => {
  const binding = async () => (await queryRows<{ iccid: string }>(db(), sql`SELECT b.iccid FROM wdiov_vehicle_terminal_binding b WHERE b.vin = ${VIN_C}`))[0]?.iccid;

  it('records the SIM of its first login and refuses a login with another, and that connection\'s frames', async () => {
    const first = await logIn(VIN_C, FIRST_SIM);
    expect(first.flag).toBe(ResponseFlag.success);
    expect(await binding()).toBe(FIRST_SIM);
    first.t.socket.destroy();
    const swapped = await logIn(VIN_C, NEW_SIM);
    expect(swapped.flag).toBe(ResponseFlag.error);
    const at = secondsAgo(5);
    swapped.t.send(realtimeFrame({ vin: VIN_C, at }));
    expect(flagOf(await answerTo(swapped.t, VIN_C, Command.realtime))).toBe(ResponseFlag.error);
    expect(await positionsAt(VIN_C, at)).toBe(0);
    expect(server.gw.streaming!.ingest!.stats.terminalRefused).toBeGreaterThanOrEqual(1);
    swapped.t.socket.destroy();
    const again = await logIn(VIN_C, FIRST_SIM);
    expect(again.flag).toBe(ResponseFlag.success);
    again.t.socket.destroy();
  });

  it('takes the new terminal once an operator records the change, and then refuses the old one', async () => {
    const terminalBody = { ...(await samplerOf(server.admin).sample(entities.terminal)), iccid: NEW_SIM };
    expect((await server.call('POST', '/api/wdiov-base/terminal/submit', { token: server.admin, body: terminalBody })).body.code).toBe(200);
    const newTerminal = (await server.call('GET', `/api/wdiov-base/terminal/page?iccid=${NEW_SIM}&size=10`, { token: server.admin })).body.data.records[0];
    const vehicle = (await server.call('GET', `/api/wdiov-base/vehicle/page?vin=${VIN_C}&size=10`, { token: server.admin })).body.data.records[0];
    const change = await server.call('POST', '/api/wdiov-base/terminalChange/submit', {
      token: server.admin,
      body: { vehicleId: vehicle.id, changeType: 2, newTerminalId: newTerminal.id, changeTime: '2026-01-02 10:00:00', handlerName: '王五', reason: '终端故障' },
    });
    expect(change.body.code).toBe(200);
    const swapped = await logIn(VIN_C, NEW_SIM);
    expect(swapped.flag).toBe(ResponseFlag.success);
    expect(await binding()).toBe(NEW_SIM);
    swapped.t.socket.destroy();
    const old = await logIn(VIN_C, FIRST_SIM);
    expect(old.flag).toBe(ResponseFlag.error);
    old.t.socket.destroy();
  });
});

describe('the ingest port', () => {
  it('binds the address HOST names, not every interface', async () => {
    expect(server.gw.streaming!.ingest!.host).toBe('127.0.0.1');
    const outside = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => a.family === 'IPv4' && !a.internal);
    if (!outside) return; // a machine with loopback only: the bound address above is the whole check
    const reached = await new Promise<boolean>((resolve) => {
      const s = connect(port, outside.address);
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});
