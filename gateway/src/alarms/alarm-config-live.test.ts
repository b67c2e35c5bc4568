import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_PATH } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { loginFrame, realtimeFrame } from '../../test/gbt-frames.ts';
import { terminal, until } from '../../test/terminal-client.ts';
import { addVehicle } from '../routes/base/test-support.ts';

const VIN = 'LRULESLIVE0000001';
const base = '/api/wdiov-base';
type Message = { cmd: number; data: Record<string, unknown> };
let gw: TestGateway;
let token: string;
let vehicleId: string;
let orgId: string;
let configId: string;

function browser(): Promise<{ ws: WebSocket; messages: Message[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${gw.httpPort}${SOCKET_PATH}?token=${token}`);
  const messages: Message[] = [];
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

async function loggedIn(at: number) {
  const t = terminal(gw.streaming!.ingest!.port);
  await t.ready;
  t.send(loginFrame(VIN, at));
  await until(() => t.answers.find((a) => a.ok));
  return t;
}

const cardsOf = (messages: Message[], type: string) => messages.filter((m) => m.cmd === 1200 && m.data.alarmType === type);
const alarms = async (type: string, language = 'zh-CN') =>
  (await gw.json(`${base}/vehicleAlarmData/page?vin=${VIN}&alarmType=${type}`, { token, headers: { 'Accept-Language': language } })).body.data.records as Record<string, unknown>[];
const submitConfig = async (values: Record<string, unknown>) =>
  (await gw.json('/api/wdiov-vehteam/alarmConfig/submit', postJson({ configName: '车队规则', orgId, alarmLevel: 2, overspeedKmh: 100, ...values }, token))).body;
const quiet = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  orgId = await gw.repos.get('org').insert(systemPrincipal('000000'), { parentId: '0', orgName: '规则车队' });
  vehicleId = await addVehicle(gw, token, VIN, '粤B·L0001', { orgId });
  expect(await submitConfig({ isEnabled: 0 })).toMatchObject({ code: 200 });
  configId = String((await gw.repos.get('alarmConfig').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] }))[0]!.id);
});
afterAll(() => gw.dispose());

describe('alarm configuration on the live path', () => {
  it('raises nothing for a disabled configuration; enabled in the console, the next overspeed is carded without a restart', async () => {
    const { ws, messages } = await browser();
    const start = Date.now() - 120_000;
    const t = await loggedIn(start);
    t.send(realtimeFrame({ vin: VIN, at: start, speed: 130 }));
    await quiet();
    expect(await alarms('platform:overspeed')).toEqual([]);
    expect(await submitConfig({ id: configId, isEnabled: 1 })).toMatchObject({ code: 200 });
    // The write's change notice reaches the live rules; nothing here reloads them by hand.
    await until(() => gw.streaming!.rules.forVehicle('000000', vehicleId).frame.some((r) => r.rule.type === 'platform:overspeed'));
    t.send(realtimeFrame({ vin: VIN, at: start + 2000, speed: 130 }));
    const card = await until(() => cardsOf(messages, 'platform:overspeed')[0]);
    expect(card.data).toMatchObject({ vin: VIN, alarmName: '超速报警', level: 2 });
    t.send(realtimeFrame({ vin: VIN, at: start + 3000, speed: 40 }));
    await until(async () => (await alarms('platform:overspeed'))[0]?.endTime);
    ws.close();
    t.socket.destroy();
  });

  it('stores a type that needs no handling as handled by the system, with no card, until it is switched back', async () => {
    const { ws, messages } = await browser();
    const start = Date.now() - 60_000;
    const t = await loggedIn(start);
    const handle = async (isHandle: 0 | 1) => {
      expect((await gw.json(`${base}/alarmHandleConfig/handle?alarmType=gb:socLow&isHandle=${isHandle}`, { method: 'POST', token })).body.code).toBe(200);
      await until(() => gw.streaming!.rules.mustHandle('000000', 'gb:socLow') === (isHandle === 1));
    };
    await handle(0);
    // SOC low (bit 4) and overspeed in one frame: the overspeed card shows the socket is listening.
    t.send(realtimeFrame({ vin: VIN, at: start, speed: 130, soc: 5, flags: 1 << 4, maxLevel: 2 }));
    await until(() => cardsOf(messages, 'platform:overspeed')[0]);
    await quiet();
    expect(cardsOf(messages, 'gb:socLow')).toEqual([]);
    const [stored] = await until(async () => {
      const rows = await alarms('gb:socLow');
      return rows.length ? rows : undefined;
    });
    expect(stored).toMatchObject({ isHandle: 1, handleUser: '系统', alarmName: 'SOC低报警' });
    expect((await alarms('gb:socLow', 'en'))[0]).toMatchObject({ handleUser: 'System', alarmName: 'SOC low alarm' });
    // Listed and stored, still: the detail and the handling config say so.
    expect((await gw.json(`${base}/alarmHandleConfig/detail?alarmType=gb:socLow`, { token })).body.data).toMatchObject({ isHandle: 0 });
    t.send(realtimeFrame({ vin: VIN, at: start + 1000, speed: 40, soc: 60, flags: 0 }));
    await handle(1);
    t.send(realtimeFrame({ vin: VIN, at: start + 2000, speed: 40, soc: 5, flags: 1 << 4, maxLevel: 2 }));
    const card = await until(() => cardsOf(messages, 'gb:socLow')[0]);
    expect(card.data).toMatchObject({ vin: VIN, level: 2 });
    const rows = await until(async () => {
      const list = await alarms('gb:socLow');
      return list.length === 2 ? list : undefined;
    });
    expect(rows.find((r) => r.id === card.data.id)).toMatchObject({ isHandle: 0 });
    ws.close();
    t.socket.destroy();
  });
});
