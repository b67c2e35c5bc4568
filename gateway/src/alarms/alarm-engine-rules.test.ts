import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wildcards, type AlarmEvent, type FenceEvent, type Telemetry } from '@wdiov/contracts';
import type { AlarmData } from '@wdiov/contracts/protocol/index';
import { openDatabase, type Database } from '../db/client.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { MessageBus } from '../bus/bus.ts';
import type { Repositories } from '../crud/repositories.ts';
import { createLogger } from '../lib/logger.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { gbt32960Frame } from '../ingest/alarm-adapter.ts';
import { AlarmEngine } from './alarm-engine.ts';
import { FenceWatch } from './fence-watch.ts';
import { vehicleRulesOf, type RulesProvider, type VehicleRules } from './rules-provider.ts';

const logger = createLogger('silent');
const noRows = { get: () => ({ all: async () => [] }) } as unknown as Repositories;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const socLow: AlarmData = { kind: 'alarm', maxLevel: 3, flags: 1 << 4, ressFaultCodes: [], motorFaultCodes: [], engineFaultCodes: [], otherFaultCodes: [] };
const settle = () => new Promise((r) => setTimeout(r, 30));

let database: Database;
let bus: MessageBus;
let events: AlarmEvent[];
/** The platform's clock, moved by the tests. */
let clock: number;

function rulesOf(byVehicle: (vehicleId: string) => VehicleRules, mustHandle: (type: string) => boolean = () => true): RulesProvider {
  return { ready: async () => {}, loaded: () => true, forVehicle: (_t, vehicleId) => byVehicle(vehicleId), mustHandle: (_t, type) => mustHandle(type) };
}

async function engineWith(rules: RulesProvider, silenceCheckMs?: number, repos: Repositories = noRows) {
  const fences = new FenceWatch(repos);
  const heard: AlarmEvent[] = [];
  const engine = new AlarmEngine(database.db, bus, rules, fences, logger, undefined, (kind, e) => kind === 'alarm' && heard.push(e as AlarmEvent), { now: () => clock, silenceCheckMs });
  await Promise.all([engine.preload(), fences.ready('000000')]);
  const send = (t: Telemetry, alarm?: AlarmData) => engine.frame(gbt32960Frame(t, alarm, '2016'));
  return { engine, send, heard };
}

const phases = () => events.map((e) => [e.alarmType, e.phase, e.startTime, e.endTime]);

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
  clock = 1_000_000;
  const sub = bus.subscribe(wildcards.allAlarms, (m) => events.push(m.json()));
  return () => sub.unsubscribe();
});

describe('alarm engine with the configured rules', () => {
  it('raises overspeed only once it has lasted the configured seconds, dated from its onset', async () => {
    const rules = vehicleRulesOf({ overspeedKmh: 100, overspeedSeconds: 10, alarmLevel: 3 });
    const { engine, send } = await engineWith(rulesOf(() => rules));
    const vin = 'LRULES00000000001';
    const at = (s: number, speedKmh: number) => send(snapshot(vin, s * SECOND, { speedKmh }));
    at(0, 120);
    at(5, 120);
    // Slowed down before ten seconds: the count starts again.
    at(6, 90);
    at(7, 120);
    at(12, 120);
    await settle();
    expect(events).toEqual([]);
    at(17, 125);
    at(18, 130);
    await settle();
    expect(events).toMatchObject([{ alarmType: 'platform:overspeed', phase: 'start', startTime: 7 * SECOND, level: 3 }]);
    at(20, 60);
    await settle();
    expect(phases()).toEqual([['platform:overspeed', 'start', 7 * SECOND, null], ['platform:overspeed', 'end', 7 * SECOND, 20 * SECOND]]);
    await engine.stop();
  });

  it('evaluates each vehicle by its own rules: a vehicle its configuration leaves without overspeed never raises it', async () => {
    const strict = vehicleRulesOf({ overspeedKmh: 100 });
    const none = vehicleRulesOf(undefined);
    const { engine, send } = await engineWith(rulesOf((vehicleId) => (vehicleId === 'v-LRULES00000000002' ? strict : none)));
    send(snapshot('LRULES00000000002', 1000, { speedKmh: 120 }));
    send(snapshot('LRULES00000000003', 1000, { speedKmh: 180 }), socLow);
    await settle();
    expect(events.map((e) => `${e.vin} ${e.alarmType}`).sort()).toEqual(['LRULES00000000002 platform:overspeed', 'LRULES00000000003 gb:socLow']);
    await engine.stop();
  });

  it('raises platform:offline once a vehicle has sent nothing for the configured minutes, and ends it with its next frame', async () => {
    const rules = vehicleRulesOf({ offlineMinutes: 5, alarmLevel: 2 });
    const { engine, send, heard } = await engineWith(rulesOf(() => rules));
    const vin = 'LRULES00000000004';
    const seenAt = clock;
    send(snapshot(vin, 500_000, { speedKmh: 30 }));
    clock = seenAt + 4 * MINUTE;
    engine.checkSilence();
    await settle();
    expect(events).toEqual([]);
    clock = seenAt + 5 * MINUTE;
    engine.checkSilence();
    engine.checkSilence();
    await settle();
    expect(events).toMatchObject([{ alarmType: 'platform:offline', alarmName: '离线超时报警', phase: 'start', level: 2, live: true, startTime: seenAt + 5 * MINUTE, vin, speedKmh: 30 }]);
    // Its card goes out like any other alarm's.
    expect(heard.map((e) => e.alarmType)).toEqual(['platform:offline']);
    clock += 2 * MINUTE;
    send(snapshot(vin, 900_000));
    await settle();
    expect(events.map((e) => e.phase)).toEqual(['start', 'end']);
    expect(events[1]).toMatchObject({ id: events[0]!.id, endTime: 900_000 });
    await engine.stop();
  });

  it('looks for silent vehicles on its own, by its clock', async () => {
    const rules = vehicleRulesOf({ offlineMinutes: 1 });
    const { engine, send } = await engineWith(rulesOf(() => rules), 10);
    send(snapshot('LRULES00000000005', 500_000));
    clock += MINUTE;
    await settle();
    expect(events.map((e) => e.alarmType)).toEqual(['platform:offline']);
    await engine.stop();
  });

  it('raises no offline alarm where no configuration asks for one', async () => {
    const { engine, send } = await engineWith(rulesOf(() => vehicleRulesOf({ overspeedKmh: 100 })));
    send(snapshot('LRULES00000000006', 500_000));
    clock += 24 * 60 * MINUTE;
    engine.checkSilence();
    await settle();
    expect(events).toEqual([]);
    await engine.stop();
  });

  it('marks the starts of a type that needs no handling, and only those', async () => {
    const rules = vehicleRulesOf({ overspeedKmh: 100 });
    const { engine, send, heard } = await engineWith(rulesOf(() => rules, (type) => type !== 'gb:socLow'));
    const vin = 'LRULES00000000007';
    send(snapshot(vin, 1000, { speedKmh: 120 }), socLow);
    send(snapshot(vin, 2000));
    await settle();
    const byPhase = (type: string, phase: string) => events.find((e) => e.alarmType === type && e.phase === phase);
    expect(byPhase('gb:socLow', 'start')).toMatchObject({ mustHandle: false, alarmName: 'SOC低报警', level: 3 });
    expect(byPhase('platform:overspeed', 'start')!.mustHandle).toBeUndefined();
    expect(heard.find((e) => e.alarmType === 'gb:socLow')!.mustHandle).toBe(false);
    expect(byPhase('gb:socLow', 'end')!.mustHandle).toBeUndefined();
    await engine.stop();
  });

  it('marks a fence crossing as needing no handling when the fence type is switched off', async () => {
    const vin = 'LRULES00000000008';
    const fenceRows = {
      electronicFence: [{ id: '78', fenceName: 'depot', fenceType: 1, geometry: JSON.stringify({ center: [114.05, 22.54], radius: 1000 }), alarmOn: 3 }],
      electronicFenceVehicle: [{ fenceId: '78', vehicleId: `v-${vin}` }],
    };
    const repos = { get: (name: keyof typeof fenceRows) => ({ all: async () => fenceRows[name] ?? [] }) } as unknown as Repositories;
    const crossings: FenceEvent[] = [];
    const sub = bus.subscribe(wildcards.allFences, (m) => crossings.push(m.json()));
    const { engine, send } = await engineWith(rulesOf(() => vehicleRulesOf(undefined), (type) => type !== 'platform:fence'), undefined, repos);
    send(snapshot(vin, 1000, { lng: 114.2, lat: 22.7 }));
    send(snapshot(vin, 2000));
    await settle();
    sub.unsubscribe();
    expect(crossings).toMatchObject([{ fenceId: '78', accessType: 1, mustHandle: false }]);
    await engine.stop();
  });
});
