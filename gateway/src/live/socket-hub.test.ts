import { describe, expect, it, vi } from 'vitest';
import type { WSContext } from 'hono/ws';
import { alarmCardFrame, positionsMessage, serverSocketMessage, SocketCmd, type AlarmCardData, type Telemetry } from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';
import { FLUSH_MS, SCOPE_REFRESH_MS, SocketHub } from './socket-hub.ts';
import type { VinScope, VinScopes } from './vehicle-scope.ts';

interface FakeSocket { ws: WSContext; frames: { cmd: number; msg: string; data?: unknown }[]; closed: number[] }

function socket(): FakeSocket {
  const s: FakeSocket = { frames: [], closed: [], ws: undefined as unknown as WSContext };
  s.ws = {
    send: (text: string) => s.frames.push(serverSocketMessage.parse(JSON.parse(text))),
    close: (code: number) => s.closed.push(code),
    raw: {},
  } as unknown as WSContext;
  return s;
}

const principal = (userId: string, tenantId = '000000'): Principal => ({
  userId, tenantId, account: userId, deptId: '', deptIds: [], roleIds: [], roleAliases: [], clientId: 'saber', jti: userId, exp: 0,
});

/** Scopes by user id: a Set of VINs or the whole tenant; `change` swaps them and tells the hub. */
function scopes(byUser: Record<string, VinScope>) {
  const listeners = new Set<() => void>();
  const fake: VinScopes & { change(next: Record<string, VinScope>): void } = {
    vinsOf: async (p) => byUser[p.userId] ?? new Set(),
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    invalidate: () => undefined,
    change(next) {
      byUser = next;
      for (const l of listeners) l();
    },
  };
  return fake;
}

const snap = (vin: string, over: Partial<Telemetry> = {}): Telemetry => ({
  tenantId: '000000', vin, vehicleId: '1', plate: '', ts: 1, receivedAt: 1, reissue: false, lng: 114, lat: 22, fixValid: true, heading: 0,
  speedKmh: 10, mileageKm: null, socPercent: 50, totalVoltageV: null, totalCurrentA: null, vehicleState: null, chargeState: null,
  state: 1, alarmLevel: 0, maxCellVoltageV: null, minCellVoltageV: null, maxCellNo: null, minCellNo: null, maxTempC: null, minTempC: null, ...over,
});

const card = (vin: string, level = 2): AlarmCardData => ({ type: 0, vin, level, carPlate: '', espeed: 1, stime: '2025-01-01 00:00:00', duration: 0, alarmName: 'x' });
const settle = () => new Promise((r) => setTimeout(r, 0));
const subscribe = (hub: SocketHub, s: FakeSocket, vins?: string[]) =>
  hub.message(s.ws, JSON.stringify({ code: 0, cmd: SocketCmd.subscribe, msg: '', data: vins ? { vins } : {}, ts: 1 }));
const positionsOf = (s: FakeSocket) => s.frames.filter((f) => f.cmd === SocketCmd.positions).flatMap((f) => f.data as { vin: string; alarmLevel: number }[]);

describe('SocketHub', () => {
  it('never answers a heartbeat: on the online-user socket any other message would hide the cards', async () => {
    const hub = new SocketHub(() => [], scopes({ u: 'tenant' }));
    const user = socket();
    hub.open(user.ws, principal('u'));
    await settle();
    hub.message(user.ws, JSON.stringify({ code: 0, cmd: SocketCmd.heartbeat, msg: 'ping', ts: 1 }));
    hub.position(snap('V1'));
    hub.flush();
    expect(user.frames).toEqual([]);
  });

  it('sends positions only on the position socket, with level 4 kept, and only of vehicles in the user scope', async () => {
    const hub = new SocketHub(() => [snap('V1'), snap('V2'), snap('V3', { tenantId: '000001' })], scopes({ own: new Set(['V1']), all: 'tenant' }));
    const cardsSocket = socket();
    const own = socket();
    const all = socket();
    hub.open(cardsSocket.ws, principal('all'), 'online-user');
    hub.open(own.ws, principal('own'), 'positions');
    hub.open(all.ws, principal('all'), 'positions');
    subscribe(hub, cardsSocket);
    subscribe(hub, own);
    subscribe(hub, all);
    await settle();
    hub.position(snap('V2', { alarmLevel: 4, ts: 2 }));
    hub.flush();
    expect(cardsSocket.frames).toEqual([]);
    expect(positionsOf(own).map((p) => p.vin)).toEqual(['V1']);
    expect(positionsOf(all).map((p) => [p.vin, p.alarmLevel]).sort()).toEqual([['V1', 0], ['V2', 4]]);
    for (const f of all.frames) expect(positionsMessage.safeParse(f).success).toBe(true);
  });

  it('gives a subscriber the vehicles a widened scope adds, and stops those a narrowed one removes', async () => {
    const fake = scopes({ u: new Set(['V1']) });
    const hub = new SocketHub(() => [snap('V1'), snap('V2')], fake);
    const s = socket();
    hub.open(s.ws, principal('u'), 'positions');
    subscribe(hub, s);
    await settle();
    hub.flush();
    fake.change({ u: new Set(['V2']) });
    await settle();
    hub.flush();
    hub.position(snap('V1', { ts: 5 }));
    hub.flush();
    // Widened to the whole tenant: only what it gained is sent again.
    fake.change({ u: 'tenant' });
    await settle();
    hub.flush();
    expect(s.frames.map((f) => (f.data as { vin: string }[]).map((p) => p.vin))).toEqual([['V1'], ['V2'], ['V1']]);
  });

  it('reads the scopes of open sockets again every minute, even when no change was announced', async () => {
    vi.useFakeTimers();
    try {
      let scope: VinScope = new Set(['V1']);
      const hub = new SocketHub(() => [snap('V1'), snap('V2')], { vinsOf: async () => scope, onChange: () => () => undefined, invalidate: () => undefined });
      const s = socket();
      hub.open(s.ws, principal('u'), 'positions');
      subscribe(hub, s);
      hub.start();
      await vi.advanceTimersByTimeAsync(FLUSH_MS);
      scope = new Set(['V1', 'V2']);
      await vi.advanceTimersByTimeAsync(SCOPE_REFRESH_MS);
      hub.stop();
      expect(positionsOf(s).map((p) => p.vin)).toEqual(['V1', 'V2']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a card only to the chosen users who may see its vehicle, on their online-user socket', async () => {
    const hub = new SocketHub(() => [], scopes({ a: new Set(['V1']), b: 'tenant', c: 'tenant' }));
    const [a, b, c, bPositions, other] = [socket(), socket(), socket(), socket(), socket()];
    hub.open(a.ws, principal('a'));
    hub.open(b.ws, principal('b'));
    hub.open(c.ws, principal('c'));
    hub.open(bPositions.ws, principal('b'), 'positions');
    hub.open(other.ws, principal('b', '000001'));
    await settle();
    expect(hub.toUsers('000000', ['a', 'b'], alarmCardFrame(card('V2', 4)))).toBe(1);
    expect(b.frames).toMatchObject([{ cmd: SocketCmd.alarmCard, data: { vin: 'V2', level: 4 } }]);
    expect([a, c, bPositions, other].map((s) => s.frames.length)).toEqual([0, 0, 0, 0]);
    expect(hub.onlineUsers('000000').sort()).toEqual(['a', 'b', 'c']);
  });

  it('delivers a card to a socket whose scope is still being read once it is known', async () => {
    const hub = new SocketHub(() => [], scopes({ a: new Set(['V1']) }));
    const a = socket();
    hub.open(a.ws, principal('a'));
    hub.toUsers('000000', ['a'], alarmCardFrame(card('V1')));
    hub.toUsers('000000', ['a'], alarmCardFrame(card('V9')));
    await settle();
    expect(a.frames.map((f) => (f.data as AlarmCardData).vin)).toEqual(['V1']);
  });

  it('kicks with the reason in msg and closes the position socket; a session opened after the kick stays', async () => {
    const hub = new SocketHub(() => [], scopes({ u: 'tenant' }));
    const old = socket();
    const oldPositions = socket();
    hub.open(old.ws, principal('u'));
    hub.open(oldPositions.ws, principal('u'), 'positions');
    const at = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    const fresh = socket();
    hub.open(fresh.ws, principal('u'));
    hub.kick('u', '您的账号已在别处登录', at);
    expect(old.frames).toEqual([{ code: 0, cmd: SocketCmd.forcedLogout, msg: '您的账号已在别处登录', data: null, ts: expect.any(Number) }]);
    expect(oldPositions.frames).toEqual([]);
    expect(oldPositions.closed).toEqual([4001]);
    expect(fresh.frames).toEqual([]);
  });
});
