import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ResponseFlag, Command } from '@wdiov/contracts/protocol/index';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { entities, POSITION_SOCKET_PATH, SOCKET_PATH } from '@wdiov/contracts';
import { heartbeatFrame, loginFrame, realtimeFrame } from '../../test/gbt-frames.ts';
import { terminal, until } from '../../test/terminal-client.ts';

const VIN = 'LSVAU2180N2183294';
const UNKNOWN = 'LSVAU2180N2189999';
let gw: TestGateway;
let token: string;

function browser(path = SOCKET_PATH): Promise<{ ws: WebSocket; messages: { cmd: number; data: Record<string, unknown> }[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${gw.httpPort}${path}?token=${token}`);
  const messages: { cmd: number; data: Record<string, unknown> }[] = [];
  ws.on('message', (m) => messages.push(JSON.parse(String(m))));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  const sample = await entitySamples(gw, token).sample(entities.vehicle);
  await gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin: VIN, plateNumber: '粤B·D12345' });
});
afterAll(() => gw.dispose());

describe('GB/T 32960 ingest', () => {
  it('answers login and heartbeat, refuses an unknown VIN, survives garbage and bad checksums', async () => {
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    t.send(Uint8Array.from([0x00, 0x23, 0x11, 0x22]));
    const bad = loginFrame(VIN, Date.now());
    bad[bad.length - 1] ^= 0xff;
    t.send(bad);
    t.send(loginFrame(VIN, Date.now()));
    const ack = await until(() => t.answers.find((a) => a.ok && a.frame.command === Command.vehicleLogin));
    expect(ack.ok && ack.frame.responseFlag).toBe(ResponseFlag.success);
    t.send(heartbeatFrame(VIN));
    await until(() => t.answers.find((a) => a.ok && a.frame.command === Command.heartbeat));
    t.socket.destroy();
    const other = terminal(gw.streaming!.ingest!.port);
    await other.ready;
    other.send(loginFrame(UNKNOWN, Date.now()));
    const refused = await until(() => other.answers.find((a) => a.ok && a.frame.vin === UNKNOWN));
    expect(refused.ok && refused.frame.responseFlag).toBe(ResponseFlag.error);
    expect(gw.streaming!.ingest!.stats.badChecksum).toBeGreaterThanOrEqual(1);
    expect(gw.streaming!.ingest!.stats.unknownVin).toBe(1);
    other.socket.destroy();
  });

  it('turns a flag that stays set into one alarm with a start and an end, with a live card', async () => {
    const { ws, messages } = await browser();
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    const start = Date.now() - 60_000;
    t.send(loginFrame(VIN, start));
    // SOC low (bit 4), level 3, for three frames, then cleared.
    for (let i = 0; i < 3; i++) t.send(realtimeFrame({ vin: VIN, at: start + i * 1000, soc: 8, flags: 1 << 4, maxLevel: 3 }));
    const card = await until(() => messages.find((m) => m.cmd === 1200));
    expect(card.data).toMatchObject({ type: 0, vin: VIN, carPlate: '粤B·D12345', alarmName: 'SOC低报警', level: 3, espeed: 42.5 });
    t.send(realtimeFrame({ vin: VIN, at: start + 5000, soc: 30, flags: 0 }));
    const rows = await until(async () => {
      const page = (await gw.json(`/api/wdiov-base/vehicleAlarmData/page?vin=${VIN}`, { token })).body.data;
      return page.total === 1 && page.records[0].endTime ? page.records : undefined;
    });
    expect(rows[0]).toMatchObject({ alarmType: 'gb:socLow', alarmLevel: 3, duration: 5, id: card.data.id });
    expect(messages.filter((m) => m.cmd === 1200)).toHaveLength(1);
    // Reissued data is stored, never shown live.
    t.send(realtimeFrame({ vin: VIN, at: start + 10_000, flags: 1 << 1, maxLevel: 3, reissue: true }));
    await new Promise((r) => setTimeout(r, 300));
    expect(messages.filter((m) => m.cmd === 1200)).toHaveLength(1);
    ws.close();
    t.socket.destroy();
  });

  it('streams positions to subscribed sockets, coalesced per vehicle', async () => {
    const { ws, messages } = await browser(POSITION_SOCKET_PATH);
    ws.send(JSON.stringify({ code: 0, cmd: 1301, msg: '', data: {}, ts: Date.now() }));
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    t.send(loginFrame(VIN, Date.now()));
    for (let i = 0; i < 5; i++) t.send(realtimeFrame({ vin: VIN, at: Date.now() + i, lng: 114.05 + i * 0.001, lat: 22.54 }));
    const batch = await until(() => messages.find((m) => m.cmd === 1300 && (m.data as unknown as { lng: number }[]).some((p) => p.lng > 114.053)));
    const mine = (batch.data as unknown as { vin: string }[]).filter((p) => p.vin === VIN);
    expect(mine).toHaveLength(1);
    ws.close();
    t.socket.destroy();
  });

  it('records fence entries when a vehicle crosses a fence bound to it', async () => {
    const sys = systemPrincipal('000000');
    const vehicle = (await gw.json(`/api/wdiov-base/vehicle/page?vin_equal=${VIN}`, { token })).body.data.records[0];
    const fenceId = await gw.repos.get('electronicFence').insert(sys, { fenceName: '深圳湾', fenceType: 1, alarmOn: 3, geometry: { center: [114.1, 22.5], radius: 500 } });
    await gw.repos.get('electronicFenceVehicle').insert(sys, { fenceId, vehicleId: vehicle.id });
    await gw.streaming!.fences.invalidate();
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    const at = Date.now();
    t.send(loginFrame(VIN, at));
    t.send(realtimeFrame({ vin: VIN, at, lng: 114.2, lat: 22.6 }));
    t.send(realtimeFrame({ vin: VIN, at: at + 1000, lng: 114.1, lat: 22.5 }));
    const rec = await until(async () => (await gw.json(`/api/wdiov-base/fenceAccessRecord/page?vin=${VIN}`, { token })).body.data.records[0]);
    expect(rec).toMatchObject({ fenceName: '深圳湾', accessType: 1 });
    t.socket.destroy();
  });
});
