/**
 * Positions to 100 browser-like subscribers, over nats.ws and over the gateway's position socket,
 * each beside raw NATS pub/sub (one TCP publisher, one subscriber) in the same run:
 * - nats.ws: a nats-server as the gateway starts it (operator mode, websocket listener), 10,000
 *   vehicles publishing compact positions at 1 Hz, 100 websocket clients holding minted tenant
 *   credentials. Subscribers run in this process, so the figure is also bounded by this
 *   process's reading on a shared 2-core machine.
 * - the gateway socket: the same fleet's snapshots into a gateway's live state, 100 position
 *   sockets read in a process of their own (nats-ws-socket.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { connect, jwtAuthenticator, wsconnect, type NatsConnection } from '@nats-io/transport-node';
import { createUser } from '@nats-io/nkeys';
import { encodePositionMessage, subjects, wildcards } from '@wdiov/contracts';
import { testEnv } from '../src/env.ts';
import { startNatsChild } from '../src/bus/nats-child.ts';
import { setUpLiveFeed } from '../src/scale/live-feed.ts';
import { subjectsFor } from '../src/scale/credential-minter.ts';
import { report } from './bench-util.ts';
import { socketFanOut } from './nats-ws-socket.ts';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
const VEHICLES = 10_000;
const SECONDS = 2;
const SUBSCRIBERS = 100;
const RAW_MESSAGES = 200_000;

const dir = await mkdtemp(join(tmpdir(), 'wdiov-bench-natsws-'));
const setup = await setUpLiveFeed(testEnv({ NATS_SPAWN: 'on', HOST: '127.0.0.1' }), dir);
const child = await startNatsChild({ dataDir: join(dir, 'nats'), configFile: setup.childConfigFile });
const conns: NatsConnection[] = [];
try {
  const publisher = await connect({ servers: child.url, ...setup.connectOptions });
  conns.push(publisher);
  const payload = encodePositionMessage({ vin: 'x', lng: 114.05, lat: 22.54, speed: 42.5, heading: 180, soc: 80, state: 1, alarmLevel: 0, ts: Date.now() });

  // The limit: raw pub/sub of the same payload, one TCP subscriber.
  const rawSub = await connect({ servers: child.url, ...setup.connectOptions });
  conns.push(rawSub);
  let rawGot = 0;
  const rawDone = new Promise<void>((resolve) => rawSub.subscribe('bench.raw', { callback: () => void (++rawGot === RAW_MESSAGES && resolve()) }));
  await rawSub.flush();
  const rawStart = performance.now();
  for (let i = 0; i < RAW_MESSAGES; i++) {
    publisher.publish('bench.raw', payload);
    if (i % 5000 === 0) await publisher.flush();
  }
  await rawDone;
  const rawRate = RAW_MESSAGES / ((performance.now() - rawStart) / 1000);

  // 100 browsers on the websocket listener with minted credentials.
  const [server] = setup.feed!.servers(new URL('http://127.0.0.1/'));
  let delivered = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const user = createUser();
    const creds = await setup.feed!.minter.mint(user.getPublicKey(), `000000/bench${i}`, subjectsFor('000000', 'tenant')!);
    const nc = await wsconnect({ servers: server, authenticator: jwtAuthenticator(creds.jwt, user.getSeed()) });
    conns.push(nc);
    nc.subscribe(wildcards.tenantPositions('000000'), { callback: () => void delivered++ });
    await nc.flush();
  }
  const vinSubjects = Array.from({ length: VEHICLES }, (_, i) => subjects.position('000000', `LBENCH${String(i).padStart(11, '0')}`));
  const start = performance.now();
  for (let s = 0; s < SECONDS * 10; s++) {
    // A tenth of the fleet every 100 ms: 10,000 vehicles at 1 Hz.
    for (let v = (s % 10) * (VEHICLES / 10); v < ((s % 10) + 1) * (VEHICLES / 10); v++) publisher.publish(vinSubjects[v]!, payload);
    await publisher.flush();
    const due = start + (s + 1) * 100;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  const expected = VEHICLES * SECONDS * SUBSCRIBERS;
  const drainUntil = performance.now() + 60_000;
  while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - start) / 1000;
  report({
    name: 'scale.nats-ws.positions-100-subscribers', unit: 'msg/s', value: delivered / elapsed, limit: rawRate, limitName: 'raw nats pub/sub, msg/s',
    note: `${VEHICLES} vehicles at 1 Hz for ${SECONDS} s to ${SUBSCRIBERS} websocket subscribers: ${delivered}/${expected} delivered in ${elapsed.toFixed(1)} s`,
  });
  for (const nc of conns.splice(2)) await nc.close();

  const socket = await socketFanOut(VEHICLES, SECONDS, SUBSCRIBERS);
  report({
    name: 'scale.socket.positions-100-subscribers', unit: 'positions/s', value: socket.delivered / socket.elapsed, limit: rawRate, limitName: 'raw nats pub/sub, msg/s',
    note: `the same fleet to ${SUBSCRIBERS} gateway position sockets (4 batches/s each): ${socket.delivered}/${socket.expected} read in ${socket.elapsed.toFixed(1)} s; gateway ${socket.gatewayCores.toFixed(2)} cores`,
  });
} finally {
  for (const nc of conns) await nc.close().catch(() => undefined);
  await child.stop();
  await rm(dir, { recursive: true, force: true });
}
