import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { wildcards, type AlarmEvent, type Telemetry } from '@wdiov/contracts';
import type { AlarmData } from '@wdiov/contracts/protocol/index';
import { openDatabase, type Database } from '../db/client.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { MessageBus } from '../bus/bus.ts';
import type { Repositories } from '../crud/repositories.ts';
import { pino, type Logger } from 'pino';
import { createLogger } from '../lib/logger.ts';
import { VehicleHandover } from '../live/vehicle-handover.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { AlarmEngine, type EventListener } from './alarm-engine.ts';
import { FenceWatch } from './fence-watch.ts';
import { vehicleRulesOf, type RulesProvider } from './rules-provider.ts';
import { gbt32960Frame } from '../ingest/alarm-adapter.ts';
import type { Edition } from '@wdiov/contracts/protocol/index';

const logger = createLogger('silent');
const noRows = { get: () => ({ all: async () => [] }) } as unknown as Repositories;
/** Overspeed above 100 km/h is a platform alarm. */
const overspeed100 = vehicleRulesOf({ overspeedKmh: 100, alarmLevel: 2 });
const rules: RulesProvider = { ready: async () => {}, loaded: () => true, forVehicle: () => overspeed100, mustHandle: () => true };
/** A GB/T 32960 snapshot into the engine, through the ingest's adapter. */
const send = (engine: AlarmEngine, t: Telemetry, alarm: AlarmData | undefined, edition: Edition) => engine.frame(gbt32960Frame(t, alarm, edition));
const fast = (vin: string, ts: number, over: Partial<Telemetry> = {}) => snapshot(vin, ts, { speedKmh: 120, ...over });
const faulty: AlarmData = { kind: 'alarm', maxLevel: 1, flags: 0, ressFaultCodes: [0x01020304], motorFaultCodes: [], engineFaultCodes: [], otherFaultCodes: [] };
const vehicle = (vin: string) => ({ tenantId: '000000', vehicleId: `v-${vin}`, vin, plate: '' });
const settle = () => new Promise((r) => setTimeout(r, 20));

let database: Database;
let bus: MessageBus;
let events: { subject: string; e: AlarmEvent }[];

/** The bus as the engine sees it, with publishDurable replaceable per test. */
function busWith(publishDurable: MessageBus['publishDurable']): MessageBus {
  return new Proxy(bus, { get: (target, key) => (key === 'publishDurable' ? publishDurable : Reflect.get(target, key)) });
}

async function engineOn(b: MessageBus, handover?: VehicleHandover, repos: Repositories = noRows, log: Logger = logger, onEvent?: EventListener) {
  const fences = new FenceWatch(repos);
  const engine = new AlarmEngine(database.db, b, rules, fences, log, handover, onEvent);
  await Promise.all([engine.preload(), fences.ready('000000')]);
  return engine;
}

beforeAll(async () => {
  database = await openDatabase({});
  bus = createMemoryBus();
});
afterAll(async () => {
  await bus.close();
  await database.close();
});
beforeEach(() => {
  events = [];
  const sub = bus.subscribe(wildcards.allAlarms, (m) => events.push({ subject: m.subject, e: m.json() }));
  return () => sub.unsubscribe();
});

describe('alarm engine', () => {
  it('publishes a frame\'s events before telemetry() returns once preloaded (no queue, no per-event wait)', async () => {
    const published: string[] = [];
    const engine = await engineOn(busWith(async (subject) => void published.push(subject)));
    send(engine, fast('LENGINE0000000001', 1000), faulty, '2016');
    expect(published.map((s) => s.split('.')[2])).toEqual(['alarm', 'fault']);
  });

  it('does not hold the next event behind an acknowledgement that never comes', async () => {
    const published: number[] = [];
    const engine = await engineOn(busWith((_s, data) => {
      published.push((JSON.parse(String(Buffer.from(data as Uint8Array))) as AlarmEvent).startTime);
      return new Promise(() => {});
    }));
    send(engine, fast('LENGINE0000000002', 1000), undefined, '2016');
    send(engine, snapshot('LENGINE0000000002', 2000), undefined, '2016');
    expect(published).toEqual([1000, 1000]);
  });

  it('counts a publish that throws and still runs the frame\'s fault check', async () => {
    const published: string[] = [];
    const engine = await engineOn(busWith((subject) => {
      if (subject.includes('.alarm.')) throw new Error('connection closed');
      published.push(subject);
      return Promise.resolve();
    }));
    send(engine, fast('LENGINE0000000003', 1000), faulty, '2016');
    expect(published).toHaveLength(1);
    expect(published[0]).toContain('.fault.');
    expect(engine.publishFailed).toBe(1);
  });

  it('publishes an event the bus refused again once the bus takes it, nothing lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let down = true;
      const stored: string[] = [];
      const heard: string[] = [];
      const engine = await engineOn(busWith(async (subject, data) => {
        if (down) throw new Error('no responders');
        const e = JSON.parse(String(Buffer.from(data as Uint8Array))) as AlarmEvent;
        stored.push(`${subject.split('.')[2]} ${e.phase}${e.phase === 'start' && !e.live ? ' (no card)' : ''}`);
      }), undefined, noRows, logger, (kind, e) => heard.push(`${kind} ${e.phase}`));
      send(engine, fast('LENGINE0000000009', 1000), faulty, '2016');
      // This gateway's listener (its cards) heard the starts at once, bus or no bus.
      expect(heard).toEqual(['alarm start', 'fault start']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(stored).toEqual([]);
      expect(engine.publishFailed).toBe(4);
      down = false;
      send(engine, fast('LENGINE0000000009', 2000, { speedKmh: 10 }), undefined, '2016');
      await vi.advanceTimersByTimeAsync(1000);
      // Stored, all of them; the starts of alarms that ended meanwhile call nobody.
      expect(stored.sort()).toEqual(['alarm end', 'alarm start (no card)', 'fault end', 'fault start (no card)']);
      // Each event was heard once: the retries went to the bus only.
      expect(heard).toEqual(['alarm start', 'fault start', 'alarm end', 'fault end']);
      await engine.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('at shutdown, waits for publishes in flight and logs each event the bus still refuses as lost', async () => {
    const lines: { msg: string; id?: string }[] = [];
    const log = pino({ level: 'error' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    let answer!: (ok: boolean) => void;
    const answered = new Promise<boolean>((r) => (answer = r));
    const engine = await engineOn(busWith(async () => {
      if (!(await answered)) throw new Error('no responders');
    }), undefined, noRows, log);
    send(engine, fast('LENGINE0000000010', 1000), faulty, '2016');
    const stopped = engine.stop();
    answer(false);
    await stopped;
    // Two starts refused in flight, then refused again at the last try: each is said to be lost.
    expect(lines.filter((l) => l.msg === 'alarm event lost: the bus refused it at shutdown')).toHaveLength(2);
  });

  it('holds a vehicle\'s frames while its tenant\'s rules load, then runs them in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let loaded = false;
    const slowRules: RulesProvider = { ready: () => gate.then(() => void (loaded = true)), loaded: () => loaded, forVehicle: () => overspeed100, mustHandle: () => true };
    const fences = new FenceWatch(noRows);
    const engine = new AlarmEngine(database.db, bus, slowRules, fences, logger);
    await Promise.all([engine.preload(), fences.ready('000000')]);
    const vin = 'LENGINE0000000004';
    send(engine, fast(vin, 1000), undefined, '2016');
    send(engine, snapshot(vin, 2000), undefined, '2016');
    await settle();
    expect(events).toEqual([]);
    release();
    await settle();
    expect(events.map((x) => [x.e.phase, x.e.startTime, x.e.endTime])).toEqual([['start', 1000, null], ['end', 1000, 2000]]);
  });

  it('hands a vehicle\'s open alarm over to the gateway it logs in to: one start, one end, and the old gateway forgets it', async () => {
    const a = await engineOn(bus, new VehicleHandover(bus, logger));
    const b = await engineOn(bus, new VehicleHandover(bus, logger));
    const vin = 'LENGINE0000000005';
    a.presence(vehicle(vin), true);
    await settle();
    send(a, fast(vin, 1000), undefined, '2016');
    await settle();
    // The vehicle reconnects to the other gateway, still speeding, then slows down.
    b.presence(vehicle(vin), true);
    send(b, fast(vin, 2000), undefined, '2016');
    await settle();
    send(b, snapshot(vin, 3000), undefined, '2016');
    // A late frame of the old connection: the old gateway no longer ends (or starts) anything.
    send(a, snapshot(vin, 3000), undefined, '2016');
    await settle();
    const ids = new Set(events.map((x) => x.e.id));
    expect(events.map((x) => x.e.phase)).toEqual(['start', 'end']);
    expect(ids.size).toBe(1);
    expect(events[1]!.e).toMatchObject({ startTime: 1000, endTime: 3000 });
  });

  it('hands a vehicle\'s side of each fence over too: a crossing made while it changed gateways is recorded once', async () => {
    const vin = 'LENGINE0000000006';
    // One circle fence of 1 km around (114.05, 22.54), bound to the vehicle, alarming on entry and exit.
    const fenceRows = {
      electronicFence: [{ id: '77', fenceName: 'depot', fenceType: 1, geometry: JSON.stringify({ center: [114.05, 22.54], radius: 1000 }), alarmOn: 3 }],
      electronicFenceVehicle: [{ fenceId: '77', vehicleId: `v-${vin}` }],
    };
    const repos = { get: (name: keyof typeof fenceRows) => ({ all: async () => fenceRows[name] ?? [] }) } as unknown as Repositories;
    const a = await engineOn(bus, new VehicleHandover(bus, logger), repos);
    const b = await engineOn(bus, new VehicleHandover(bus, logger), repos);
    const fenceEvents: string[] = [];
    const sub = bus.subscribe(wildcards.allFences, (m) => fenceEvents.push(String(m.json<{ accessType: number }>().accessType)));
    a.presence(vehicle(vin), true);
    await settle();
    send(a, snapshot(vin, 1000, { lng: 114.2, lat: 22.7 }), undefined, '2016');
    await settle();
    // Outside when it left A; its first frame on B is inside: one entry.
    b.presence(vehicle(vin), true);
    await settle();
    send(b, snapshot(vin, 2000), undefined, '2016');
    await settle();
    sub.unsubscribe();
    expect(fenceEvents).toEqual(['1']);
  });
});
