import { describe, expect, it, vi } from 'vitest';
import type { WSContext } from 'hono/ws';
import pino from 'pino';
import { alarmCardMessage, subjects, type AlarmEvent, type FaultEvent, type FenceEvent } from '@wdiov/contracts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { Principal } from '../crud/principal.ts';
import { CardDispatcher, type CardRecipients } from './card-dispatcher.ts';
import { SocketHub } from './socket-hub.ts';
import type { VinScope } from './vehicle-scope.ts';
import type { Repositories } from '../crud/repositories.ts';
import { Geocoder } from '../geocode/geocoder.ts';
import { TenantPlaces } from '../geocode/tenant-places.ts';

const enc = new TextEncoder();
const bus = createMemoryBus();

const principal = (userId: string): Principal => ({
  userId, tenantId: '000000', account: userId, deptId: '', deptIds: [], roleIds: [], roleAliases: [], clientId: 'saber', jti: userId, exp: 0,
});

function setup(scopes: Record<string, VinScope>, recipients: CardRecipients, geocoder?: Geocoder) {
  const hub = new SocketHub(() => [], { vinsOf: async (p) => scopes[p.userId] ?? new Set(), onChange: () => () => undefined, invalidate: () => undefined });
  const received: Record<string, unknown[]> = {};
  for (const user of Object.keys(scopes)) {
    received[user] = [];
    hub.open({ send: (t: string) => received[user]!.push(JSON.parse(t)), close: () => undefined, raw: {} } as unknown as WSContext, principal(user));
  }
  const cards = new CardDispatcher(bus, hub, recipients, pino({ level: 'silent' }), 480, geocoder);
  cards.start();
  return { cards, received };
}

const base = { tenantId: '000000', vehicleId: '1', plate: '粤B1', startTime: Date.now() - 5_000, endTime: null, speedKmh: 30, lng: 114, lat: 22 };
const alarm = (over: Partial<AlarmEvent>): AlarmEvent =>
  ({ ...base, id: 'a1', phase: 'start', vin: 'V1', level: 4, live: true, source: 'gbt32960', alarmType: 'gb:thermal', alarmName: '热失控', ...over });
const publish = (kind: 'alarm' | 'fault' | 'fence', e: AlarmEvent | FaultEvent | FenceEvent) => bus.publish(subjects[kind]('000000', e.vin), enc.encode(JSON.stringify(e)));

describe('CardDispatcher', () => {
  it('sends the card at once with the location in words when the online geocoder is slow, and its address after', async () => {
    const repos = { get: (name: string) => ({ pick: async () => (name === 'chargeStation' ? [{ stationName: '科苑', lng: 113.9531, lat: 22.54 }] : []) }) } as unknown as Repositories;
    const slow = { name: 'amap' as const, address: () => new Promise<string>((r) => setTimeout(r, 2000, '深圳市南山区')) };
    const { cards, received } = setup({ a: 'tenant' }, { forEvent: async () => ['a'] }, new Geocoder({ places: new TenantPlaces(repos), service: async () => slow }));
    const sent = Date.now();
    publish('alarm', alarm({ id: 'located', lng: 113.95, lat: 22.54 }));
    await vi.waitFor(() => expect(received.a).toHaveLength(1));
    expect(Date.now() - sent).toBeLessThan(1000);
    const card = alarmCardMessage.parse(received.a![0]).data;
    expect(card.location).toMatchObject({ address: '', district: '广东省深圳市', place: { kind: 'chargeStation', name: '科苑' } });
    expect(card.address).toMatch(/^广东省深圳市 近 科苑充电站 3\d\d m$/);
    // The online address follows: the same card again, once it arrives.
    await vi.waitFor(() => expect(received.a).toHaveLength(2), { timeout: 5000 });
    const again = alarmCardMessage.parse(received.a![1]).data;
    expect(again).toMatchObject({ id: 'located', address: '深圳市南山区', location: { address: '深圳市南山区', place: { name: '科苑' } } });
    cards.stop();
  });

  it('carries a level-4 alarm as a valid card to the team users who may see the vehicle', async () => {
    const { cards, received } = setup({ a: 'tenant', b: new Set(['V2']), c: 'tenant' }, { forEvent: async () => ['a', 'b'] });
    publish('alarm', alarm({}));
    await vi.waitFor(() => expect(received.a).toHaveLength(1));
    const card = alarmCardMessage.parse(received.a![0]);
    expect(card.data).toMatchObject({ type: 0, id: 'a1', level: 4, vin: 'V1', carPlate: '粤B1', alarmName: '热失控', espeed: 30, elng: 114, elat: 22 });
    expect(card.data.duration).toBeGreaterThanOrEqual(5);
    expect(received.b).toEqual([]);
    expect(received.c).toEqual([]);
    cards.stop();
  });

  it('sends nothing for ends, reissued data or unparsable events; everyone online when the tenant has no team', async () => {
    const { cards, received } = setup({ a: 'tenant', b: new Set(['V1']) }, { forEvent: async () => 'everyone' });
    publish('alarm', alarm({ id: 'end', phase: 'end', endTime: Date.now() }));
    publish('alarm', alarm({ id: 'old', live: false }));
    bus.publish(subjects.alarm('000000', 'V1'), enc.encode('{"id":1}'));
    const fence: FenceEvent = { ...base, id: 'f1', phase: 'start', vin: 'V1', level: 0, live: true, fenceId: '9', fenceName: '园区', accessType: 1 };
    publish('fence', fence);
    await vi.waitFor(() => expect(received.b).toHaveLength(1));
    expect(received.a).toHaveLength(1);
    expect(alarmCardMessage.parse(received.b![0]).data).toMatchObject({ type: 2, id: 'f1', fenceName: '园区', accessType: 1 });
    expect(cards.delivered).toBe(2);
    cards.stop();
  });

  it('cards an event raised here at once, before any bus delivery, and skips its copy from the bus', async () => {
    const { cards, received } = setup({ a: 'tenant' }, { forEvent: async () => ['a'] });
    // The bus is not involved: the card reaches the socket within the same turn of the event loop.
    cards.raised('alarm', alarm({ id: 'here' }));
    await Promise.resolve();
    await vi.waitFor(() => expect(received.a).toHaveLength(1));
    publish('alarm', alarm({ id: 'here' }));
    publish('alarm', alarm({ id: 'elsewhere' }));
    publish('alarm', alarm({ id: 'elsewhere' })); // published twice (a retry after a lost answer)
    await vi.waitFor(() => expect(received.a).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    // The bus's copy of the one raised here, and the repeat, raised no card.
    expect(received.a!.map((m) => alarmCardMessage.parse(m).data.id)).toEqual(['here', 'elsewhere']);
    cards.raised('alarm', alarm({ id: 'over', phase: 'end', endTime: Date.now() }));
    cards.raised('alarm', alarm({ id: 'old', live: false }));
    publish('alarm', alarm({ id: 'after' }));
    await vi.waitFor(() => expect(received.a).toHaveLength(3));
    expect(alarmCardMessage.parse(received.a![2]).data.id).toBe('after');
    expect(cards.delivered).toBe(3);
    cards.stop();
  });

  it('hands the cards of events raised by this gateway\'s engine to its outlet once, not those of other gateways', async () => {
    const { cards, received } = setup({ a: 'tenant' }, { forEvent: async () => ['a'] });
    const sent: [string, string[] | 'everyone', string | undefined][] = [];
    cards.sendAlsoTo({ send: async (tenantId, users, card) => void sent.push([tenantId, users, card.data.id]) });
    cards.raised('alarm', alarm({ id: 'here' }));
    publish('alarm', alarm({ id: 'here' }));
    publish('alarm', alarm({ id: 'elsewhere' }));
    await vi.waitFor(() => expect(received.a).toHaveLength(2));
    expect(sent).toEqual([['000000', ['a'], 'here']]);
    cards.stop();
  });

  it('cards no alarm of a type that needs no handling, on the sockets or the outlet', async () => {
    const { cards, received } = setup({ a: 'tenant' }, { forEvent: async () => ['a'] });
    const sent: (string | undefined)[] = [];
    cards.sendAlsoTo({ send: async (_t, _u, card) => void sent.push(card.data.id) });
    cards.raised('alarm', alarm({ id: 'quiet-here', mustHandle: false }));
    publish('alarm', alarm({ id: 'quiet-there', mustHandle: false }));
    cards.raised('alarm', alarm({ id: 'loud', mustHandle: true }));
    await vi.waitFor(() => expect(received.a).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(received.a!.map((m) => alarmCardMessage.parse(m).data.id)).toEqual(['loud']);
    expect(sent).toEqual(['loud']);
    cards.stop();
  });
});
