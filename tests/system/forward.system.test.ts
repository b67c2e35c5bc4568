import { afterAll, describe, expect, it } from 'vitest';
import { gatewayOutbound } from '../../gateway/src/outbound/gateway-outbound.ts';
import { sql } from 'drizzle-orm';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { Command, decodeFrame, gbTimeToEpochMs, realtimeTimeOf } from '@wdiov/contracts/protocol/index';
import { openDatabase, queryRows } from '../../gateway/src/db/client.ts';
import { connectNatsBus } from '../../gateway/src/bus/nats-bus.ts';
import { freePort, natsServerAvailable } from '../../gateway/src/bus/nats-child.ts';
import { prepareData } from '../../gateway/src/seed/seed.ts';
import { registerDemoVehicles } from '../../gateway/src/seed/demo-fleet.ts';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { testEnv } from '../../gateway/src/env.ts';
import { startForwarding } from '../../gateway/src/forward/forward-service.ts';
import { LinkState } from '../../gateway/src/forward/link-state.ts';
import { Fleet } from '../../simulators/src/fleet.ts';
import { SuperiorPlatform } from '../../simulators/src/superior-platform.ts';
import { newSecret, startReplica, natsChildFor } from './system-gateway.ts';

/**
 * Forwarding to a superior platform, end to end on a real nats-server: simulated vehicles
 * stream into the gateway, a platform is bound to half of them (one of those blacklisted);
 * the superior platform goes down for a while and comes back, and the forwarding process dies
 * once (links dropped, nothing more acked) and starts again. Every frame of every bound,
 * allowed vehicle reaches the platform exactly once, as realtime or reissue; no other does.
 */
const VEHICLES = Number(process.env.FORWARD_VEHICLES ?? 20);
const OUTAGE_S = Number(process.env.FORWARD_OUTAGE_S ?? 8);
const natsReady = await natsServerAvailable();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

/** Realtime and reissue frames the simulator sent, by VIN: their collection times. */
class SentFrames {
  readonly byVin = new Map<string, number[]>();
  /** Times of the frames the vehicle itself sent as reissue (the 30 s before a level-3 alarm). */
  readonly ownReissue = new Map<string, Set<number>>();
  record(bytes: Uint8Array): void {
    const command = bytes[2];
    if (command !== Command.realtime && command !== Command.reissue) return;
    const r = decodeFrame(bytes);
    const t = realtimeTimeOf(bytes);
    if (!r.ok || !t) return;
    const list = this.byVin.get(r.frame.vin) ?? [];
    list.push(gbTimeToEpochMs(t));
    this.byVin.set(r.frame.vin, list);
    if (command === Command.reissue) this.ownReissue.set(r.frame.vin, (this.ownReissue.get(r.frame.vin) ?? new Set()).add(gbTimeToEpochMs(t)));
  }
}

const natsCase = natsReady || process.env.CI === 'true' ? it : it.skip;
if (!natsReady) console.log(process.env.CI === 'true' ? 'nats-server missing: CI requires it' : 'forwarding system test skipped: nats-server is not on PATH');

describe('forwarding to a superior platform', () => {
  natsCase(`${VEHICLES} vehicles, platform down ${OUTAGE_S} s, forwarding process killed once: every bound frame exactly once`, async () => {
    const child = await natsChildFor(cleanups);
    const logger = createLogger('silent');
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    const ingestBus = await connectNatsBus({ url: child.url, logger });
    cleanups.push(() => ingestBus.close());
    const ingestPort = await freePort();
    const replica = await startReplica(database, ingestBus, ingestPort, newSecret());
    cleanups.push(() => replica.stop());
    const { repos, dictionaries } = replica.gateway;
    // Only the vehicles the test drives (seeding all of the demo fleet takes long on a busy machine).
    await prepareData(database.db, repos);
    await registerDemoVehicles(repos, dictionaries, { seed: DEMO_FLEET.seed, from: 0, to: VEHICLES, city: 'shenzhen' });

    const platform = new SuperiorPlatform({ username: 'fwduser', password: 'fwdpass' });
    const platformPort = await platform.listen(0);
    cleanups.push(() => platform.stop());

    // The platform, bound to every other vehicle of the fleet; one bound vehicle blacklisted.
    const sys = systemPrincipal('000000');
    const fleetVins = demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count).slice(0, VEHICLES).map((v) => v.vin);
    const vehicles = await repos.get('vehicle').all(sys, { filters: [], ascs: [], descs: [] });
    const idOf = new Map(vehicles.map((v) => [String(v.vin), String(v.id)]));
    const platformId = await repos.get('forwardPlatform').insert(sys, {
      platformName: '省级监管平台', platformType: 2, host: '127.0.0.1', port: platformPort, protocol: 1,
      platformCode: 'FLEETPLATFORM0001', username: 'fwduser', password: 'fwdpass', encryption: 1, forwardStatus: 1,
    });
    const bound = fleetVins.filter((_, i) => i % 2 === 0);
    for (const vin of bound) await repos.get('forwardPlatformVehicle').insert(sys, { forwardPlatformId: platformId, vehicleId: idOf.get(vin)! });
    const barred = bound[0]!;
    await repos.get('forwardBlacklist').insert(sys, { vehicleId: idOf.get(barred)!, forwardPlatformId: platformId, reason: '测试' });
    const allowed = new Set(bound.filter((v) => v !== barred));

    const options = { liveWindowMs: 3000, heartbeatMs: 2000, answerTimeoutMs: 3000, retryMinMs: 200, retryMaxMs: 1000 };
    const forwardingBus = async () => {
      const bus = await connectNatsBus({ url: child.url, logger });
      const forwarding = await startForwarding({ db: database.db, bus, logger, options, reconcileMs: 1000, outbound: gatewayOutbound(testEnv({ OUTBOUND_ALLOW: '127.0.0.1' })) });
      return { bus, forwarding };
    };
    let fwd = await forwardingBus();

    const sent = new SentFrames();
    const fleet = new Fleet({
      vehicles: VEHICLES, rate: 1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port: ingestPort, edition: '2016',
      alarmRate: 60, faultRate: 0, fenceRate: 0, city: 'shenzhen', rampS: 1, cells: 96,
    }, { onSent: (bytes) => sent.record(bytes) });
    fleet.start();
    cleanups.push(() => fleet.stop());

    await sleep(5);
    const state = async () => (await queryRows<{ link_state: number }>(database.db, sql`SELECT link_state FROM wdiov_forward_platform WHERE id = ${platformId}`))[0]?.link_state;
    expect(await state()).toBe(LinkState.loggedIn);
    expect(platform.records.frames).toBeGreaterThan(0);

    // The superior platform goes away; its backlog waits in the stream.
    await platform.stop();
    await sleep(OUTAGE_S);
    expect(await state()).toBe(LinkState.unreachable);
    await platform.listen(platformPort);
    await sleep(4);

    // The forwarding process dies (no logout, nothing more acked) and a new one takes over.
    await fwd.forwarding.abort();
    await fwd.bus.close();
    await sleep(2);
    fwd = await forwardingBus();
    await sleep(5);
    await fleet.stop();

    // Everything the vehicles sent reaches the platform once it has caught up.
    const expected = [...allowed].reduce((n, vin) => n + (sent.byVin.get(vin)?.length ?? 0), 0);
    for (let i = 0; i < 60 && platform.records.frames < expected; i++) await sleep(0.5);
    await sleep(1);
    await fwd.forwarding.close();
    await fwd.bus.close();

    const received = new Map<string, number[]>();
    for (const r of platform.received) received.set(r.vin, [...(received.get(r.vin) ?? []), r.time]);
    const vins = [...received.keys()];
    expect(vins.filter((v) => !allowed.has(v)), 'unbound or blacklisted vehicles forwarded').toEqual([]);
    for (const vin of allowed) {
      const want = [...(sent.byVin.get(vin) ?? [])].sort((a, b) => a - b);
      const got = [...(received.get(vin) ?? [])].sort((a, b) => a - b);
      expect(want.length, vin).toBeGreaterThan(5);
      // What is missing and what came more often than sent (times as seconds after the vehicle's first frame).
      const rel = (ts: number[]) => ts.map((t) => (t - want[0]!) / 1000);
      const less = (a: number[], b: number[]) => { const left = [...b]; return a.filter((x) => { const i = left.indexOf(x); if (i < 0) return true; left.splice(i, 1); return false; }); };
      expect({ vin, missing: rel(less(want, got)), extra: rel(less(got, want)) }).toEqual({ vin, missing: [], extra: [] });
    }
    // (Equal sorted lists of times: each frame as often as the vehicle sent it, which for the
    // reissue a level-3 alarm repeats is twice; nothing more, nothing less.)
    const totals = Object.values(platform.records.vehicles);
    expect(totals.reduce((n, v) => n + v.reissue, 0), 'the outage went out as reissue').toBeGreaterThan(0);
    expect(platform.records.logins).toBeGreaterThanOrEqual(3);
    expect(platform.records.logouts).toBe(1);
    expect(await state()).toBe(LinkState.idle);

    // The backlog of each vehicle went in time order (a vehicle's own reissue of older data comes when it sends it).
    for (const vin of allowed) {
      const own = sent.ownReissue.get(vin) ?? new Set<number>();
      const reissued = platform.received.filter((r) => r.vin === vin && r.command === Command.reissue && !own.has(r.time)).map((r) => r.time);
      expect(reissued, vin).toEqual([...reissued].sort((a, b) => a - b));
    }
    const records = await queryRows<{ vin: string; frames_sent: string; reissue_sent: string }>(database.db,
      sql`SELECT vin, frames_sent::text, reissue_sent::text FROM wdiov_forward_record WHERE forward_platform_id = ${platformId}`);
    expect(new Set(records.map((r) => r.vin))).toEqual(allowed);
    const repeated = totals.reduce((n, v) => n + v.duplicates, 0);
    console.log(`forwarded ${platform.records.frames} frames of ${allowed.size} vehicles (${expected} sent by them; ${totals.reduce((n, v) => n + v.reissue, 0)} as reissue; `
      + `${repeated} with a data unit received before, i.e. the vehicles' own repeats), ${platform.records.logins} logins`);
  }, 120_000 + OUTAGE_S * 1000 + VEHICLES * 300);
});
