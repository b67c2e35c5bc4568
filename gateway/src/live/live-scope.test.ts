// Over the real sockets and routes: an operator scoped to their dept and below, and one scoped
// to their own vehicles, see only those vehicles live (positions and cards), in the tree and in
// the REST polling calls; a change of scope applies to an open socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { POSITION_SOCKET_PATH, SOCKET_PATH, SocketCmd } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, md5, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { addVehicle, realtime, terminal, until } from '../routes/base/test-support.ts';

const VA = 'LSCOPE0000000000A';
const VA1 = 'LSCOPE000000000A1';
const VB = 'LSCOPE0000000000B';
let gw: TestGateway;
let admin: string;
let ops: string;
let mine: string;
let watch: string;
let opsRole: string;
let liveMap: string;

interface Frame { cmd: number; data: any }
function listen(path: string, token: string) {
  const frames: Frame[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${gw.httpPort}${path}?token=${token}`);
  ws.on('message', (m) => frames.push(JSON.parse(String(m))));
  const open = new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  return { ws, frames, open };
}
const positionVins = (frames: Frame[]) => new Set(frames.filter((f) => f.cmd === SocketCmd.positions).flatMap((f) => f.data.map((p: { vin: string }) => p.vin)));
const cardVins = (frames: Frame[]) => frames.filter((f) => f.cmd === SocketCmd.alarmCard).map((f) => f.data.vin).sort();

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  admin = await gw.signIn();
  const sys = systemPrincipal('000000');
  const [root] = await gw.repos.get('dept').all(sys, { filters: [], ascs: [], descs: [] });
  const dept = (name: string, parentId: string, ancestors: string) =>
    gw.repos.get('dept').insert(sys, { parentId, ancestors, deptName: name, fullName: name, sort: 1, deptCategory: 1 });
  const a = await dept('华南', String(root!.id), `0,${root!.id}`);
  const a1 = await dept('深圳', a, `0,${root!.id},${a}`);
  const b = await dept('华北', String(root!.id), `0,${root!.id}`);
  opsRole = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '监控员', roleAlias: 'monitor', sort: 2 });
  const ownRole = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '司机', roleAlias: 'driver', sort: 3 });
  await gw.repos.get('user').insert(sys, { account: 'ops', realName: 'ops', password: md5('pw'), roleId: opsRole, deptId: a });
  const mineId = await gw.repos.get('user').insert(sys, { account: 'mine', realName: 'mine', password: md5('pw'), roleId: ownRole, deptId: b });
  const vehicles = gw.repos.get('vehicle');
  const place = async (vin: string, createDept: string, createUser = '1') => {
    const id = await addVehicle(gw, admin, vin, `粤B${vin.slice(-2)}`);
    await vehicles.db.update(vehicles.table).set({ createDept, createUser }).where(eq(vehicles.columns.id!, id));
  };
  await place(VA, a);
  await place(VA1, a1);
  await place(VB, b, mineId);
  const [menu] = (await gw.json('/api/wdiov-system/menu/page?size=1', { token: admin })).body.data.records;
  const scope = async (scopeName: string, scopeType: number, scopeColumn: string) => {
    expect((await gw.json('/api/wdiov-system/data-scope/submit', postJson({ menuId: menu.id, resourceCode: 'vehicle', scopeName, scopeColumn, scopeType }, admin))).body.code).toBe(200);
    return (await gw.json(`/api/wdiov-system/data-scope/page?scopeName_equal=${encodeURIComponent(scopeName)}`, { token: admin })).body.data.records[0].id as string;
  };
  // Both roles hold the live map screen (reads are granted by screen); the data scope narrows what it shows.
  liveMap = (await gw.json('/api/wdiov-system/menu/page?code_equal=live_map', { token: admin })).body.data.records[0].id;
  const grant = (roleId: string, scopeId: string) =>
    gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds: [liveMap], dataScopeIds: [scopeId], apiScopeIds: [], }, admin));
  expect((await grant(opsRole, await scope('本部门及以下车辆', 4, 'create_dept'))).body.code).toBe(200);
  expect((await grant(ownRole, await scope('本人车辆', 2, 'create_user'))).body.code).toBe(200);
  // A scope on the alarms themselves (not on the vehicles): the cards of A1's vehicles only, positions of every vehicle.
  const alarmRole = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '告警员', roleAlias: 'alarms', sort: 4 });
  await gw.repos.get('user').insert(sys, { account: 'watch', realName: 'watch', password: md5('pw'), roleId: alarmRole, deptId: a1 });
  expect((await gw.json('/api/wdiov-system/data-scope/submit', postJson({ menuId: menu.id, resourceCode: 'vehicleAlarmData', scopeName: '本部门告警', scopeColumn: 'create_dept', scopeType: 4 }, admin))).body.code).toBe(200);
  const alarmScope = (await gw.json(`/api/wdiov-system/data-scope/page?scopeName_equal=${encodeURIComponent('本部门告警')}`, { token: admin })).body.data.records[0].id as string;
  expect((await grant(alarmRole, alarmScope)).body.code).toBe(200);
  watch = await gw.signIn('watch', 'pw');
  ops = await gw.signIn('ops', 'pw');
  mine = await gw.signIn('mine', 'pw');
});
afterAll(() => gw.dispose());

describe('what each operator sees live', () => {
  it('positions and cards on the sockets: the dept-and-below operator gets A and A1, the own-scope one B', async () => {
    const sockets = [listen(SOCKET_PATH, ops), listen(SOCKET_PATH, mine), listen(POSITION_SOCKET_PATH, ops), listen(POSITION_SOCKET_PATH, mine), listen(SOCKET_PATH, admin), listen(SOCKET_PATH, watch)];
    await Promise.all(sockets.map((s) => s.open));
    const [opsCards, mineCards, opsPositions, minePositions, adminCards, watchCards] = sockets;
    for (const s of [opsPositions!, minePositions!]) s.ws.send(JSON.stringify({ code: 0, cmd: SocketCmd.subscribe, msg: '', data: {}, ts: Date.now() }));
    const start = Date.now() - 30_000;
    for (const vin of [VA, VA1, VB]) {
      const t = await terminal(gw, vin);
      for (let i = 0; i < 2; i++) t.send(realtime({ vin, at: start + i * 1000, soc: 8, flags: 1 << 4, maxLevel: 3 }));
    }
    // The tenant has no handling team: every card goes to everyone online who may see its vehicle.
    await until(() => cardVins(adminCards!.frames).length === 3);
    await until(() => positionVins(opsPositions!.frames).size >= 2 && positionVins(minePositions!.frames).size >= 1);
    await until(() => cardVins(opsCards!.frames).length >= 2 && cardVins(mineCards!.frames).length >= 1);
    expect([...positionVins(opsPositions!.frames)].sort()).toEqual([VA, VA1].sort());
    expect([...positionVins(minePositions!.frames)]).toEqual([VB]);
    expect(cardVins(opsCards!.frames)).toEqual([VA, VA1].sort());
    expect(cardVins(mineCards!.frames)).toEqual([VB]);
    await until(() => cardVins(watchCards!.frames).length >= 1);
    expect(cardVins(watchCards!.frames)).toEqual([VA1]);
    // The online-user sockets carry cards only.
    for (const s of [opsCards!, mineCards!]) expect(s.frames.every((f) => f.cmd === SocketCmd.alarmCard)).toBe(true);
    for (const s of sockets) s.ws.close();
  });

  it('the REST polling calls and the tree answer from the same scope', async () => {
    const get = async (path: string, token: string) => (await gw.json(path, { token })).body;
    await until(async () => (await get(`/api/wdiov-base/vehicleAlarmData/realtimeAlarm?size=50`, admin)).data.total >= 3);
    const alarmVins = async (token: string) => (await get('/api/wdiov-base/vehicleAlarmData/realtimeAlarm?size=50', token)).data.records.map((r: { vin: string }) => r.vin).sort();
    expect(await alarmVins(ops)).toEqual([VA, VA1].sort());
    expect(await alarmVins(mine)).toEqual([VB]);
    expect(await alarmVins(watch)).toEqual([VA1]);
    expect((await get('/api/wdiov-base/dataBoard/getRealTimeData', mine)).data).toMatchObject({ total: 1, online: 1 });
    expect((await get('/api/wdiov-base/dataBoard/getRealTimeData', ops)).data).toMatchObject({ total: 2, online: 2 });
    expect((await get(`/api/wdiov-base/vehicleMonitor/realtimeInfo?vin=${VA}`, mine)).code).toBe(404);
    expect((await get(`/api/wdiov-base/vehicleMonitor/realtimeInfo?vin=${VB}`, mine)).data.realtime.online).toBe(true);
    const leaves = (nodes: any[]): string[] => nodes.flatMap((n) => [...(n.type === 'vehicle' ? [n.vin] : []), ...leaves(n.children ?? [])]);
    expect(leaves((await get('/api/wdiov-base/orgVehicleTree/getTree', ops)).data).sort()).toEqual([VA, VA1].sort());
  });

  it('a scope granted while the socket is open applies to it at once', async () => {
    const positions = listen(POSITION_SOCKET_PATH, ops);
    await positions.open;
    positions.ws.send(JSON.stringify({ code: 0, cmd: SocketCmd.subscribe, msg: '', data: {}, ts: Date.now() }));
    await until(() => positionVins(positions.frames).size === 2);
    // The role loses its data scope: it now sees every vehicle of the tenant.
    expect((await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [opsRole], menuIds: [liveMap], dataScopeIds: [], apiScopeIds: [] }, admin))).body.code).toBe(200);
    await until(() => positionVins(positions.frames).has(VB));
    positions.ws.close();
  });
});
