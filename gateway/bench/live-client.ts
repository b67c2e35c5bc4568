/**
 * The far side of the live benchmark, in processes of their own so none of their work is the
 * gateway's: this one simulates the fleet (GB/T 32960 over TCP) and notes when each frame was
 * sent; the console's sockets run in a child (live-console.ts), as a browser runs on a machine of
 * its own, so a card is not read late because this process is busy simulating. At the end the
 * arrivals are joined with the send times: each frame sent to the position it became on the
 * socket, and each alarm's first frame to its card, split at the server's send time (the
 * message's `ts`) into the gateway's part and the console's wait. The sorted latencies go to the
 * parent. argv: httpPort ingestPort token vehicles seconds (timed once the fleet has settled, see
 * settled(); 0: until the parent says 'stop', and 'measure' drops what was timed before). The
 * parent is told {settled} when the fleet has: steady 1 Hz is measured, not the login storm of
 * the ramp-up (the ingest bench measures logins).
 */
import { fork } from 'node:child_process';
import { decodeFrame, Command, activeAlarms, type AlarmData } from '@wdiov/contracts/protocol/index';
import { Fleet } from '../../simulators/src/fleet.ts';
import type { ConsoleArrivals } from './live-console.ts';
import { epochNow } from './bench-util.ts';

const [httpPort, ingestPort, token, vehicles, seconds, hookPort] = process.argv.slice(2) as [string, string, string, string, string, string];
/** When each realtime frame was sent, by `${vin}|${ts}`. */
const sentAt = new Map<string, number>();
/** When each raise of an alarm was first sent, by `${vin}|${alarmKey}` (oldest first; an alarm can end and come back). */
const raisedAt = new Map<string, number[]>();
const activeByVin = new Map<string, Set<string>>();
/** The fleet logs in over its first RAMP_S seconds (a gateway restart's reconnections, spread). */
const RAMP_S = 10;
/** Settled: this share of the fleet online and no vehicle reconnecting for a while. */
const SETTLED_ONLINE = 0.995;
const QUIET_MS = 3_000;
/** A fleet that has not settled by then is measured as it is (the figures then say so). */
const SETTLE_LIMIT_MS = 60_000;

const consoleSide = fork(new URL('./live-console.ts', import.meta.url), [httpPort, token, hookPort], { execArgv: process.execArgv });
const consoleEnded = new Promise<never>((_, reject) => consoleSide.once('exit', (code) => reject(new Error(`live console ended (exit ${code})`))));
await Promise.race([new Promise((r) => consoleSide.once('message', r)), consoleEnded]);

const fleet = new Fleet({
  vehicles: Number(vehicles), rate: 1, seed: 1, host: '127.0.0.1', port: Number(ingestPort), edition: '2016', alarmRate: 30, faultRate: 0, fenceRate: 0,
  city: 'shenzhen', rampS: RAMP_S, cells: 96,
}, {
  onSent: (bytes) => {
    // Readings skipped: the per-cell lists are most of a frame's decoding, and this process shares the cores.
    const r = decodeFrame(bytes, { readings: false });
    if (!r.ok || r.frame.command !== Command.realtime || r.frame.body.kind !== 'realtime') return;
    const t = r.frame.body.time;
    const ts = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - 8 * 3600_000;
    const now = epochNow();
    sentAt.set(`${r.frame.vin}|${ts}`, now);
    // The first frame showing each alarm of a vehicle: its card's latency is measured from there.
    const alarm = r.frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
    const active = new Set(alarm ? activeAlarms(alarm, '2016').map((a) => `${r.frame.vin}|gb:${a.key}`) : []);
    const before = activeByVin.get(r.frame.vin);
    for (const k of active) {
      if (before?.has(k)) continue;
      const raises = raisedAt.get(k);
      if (raises) raises.push(now);
      else raisedAt.set(k, [now]);
    }
    activeByVin.set(r.frame.vin, active);
  },
});
/** Waits until the ramp is over, SETTLED_ONLINE of the fleet is online and none reconnected for QUIET_MS. */
async function settled(): Promise<{ settledS: number; online: number; reconnects: number; why: string }> {
  const t0 = performance.now();
  let reconnects = fleet.stats.reconnects;
  let quietSince = t0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = performance.now();
    if (fleet.stats.reconnects !== reconnects) [reconnects, quietSince] = [fleet.stats.reconnects, now];
    const ready = now - t0 >= RAMP_S * 1000 && fleet.stats.online >= SETTLED_ONLINE * Number(vehicles) && now - quietSince >= QUIET_MS;
    if (ready || now - t0 >= SETTLE_LIMIT_MS) {
      const { loginTimeouts, socketErrors } = fleet.stats;
      const why = [`${loginTimeouts} login time-outs`, ...Object.entries(socketErrors).map(([code, n]) => `${n} ${code}`)].join(', ');
      return { settledS: (now - t0) / 1000, online: fleet.stats.online, reconnects, why };
    }
  }
}

fleet.start();
const settle = await settled();
const loginsAtStart = fleet.stats.logins;
const reconnectsAtStart = fleet.stats.reconnects;
process.send!({ settled: settle });
if (Number(seconds) > 0) {
  consoleSide.send('measure');
  await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
}
else {
  process.on('message', (m) => m === 'measure' && consoleSide.send('measure'));
  await new Promise<void>((r) => process.on('message', (m) => m === 'stop' && r()));
}
const onlineAtEnd = fleet.stats.online;
await fleet.stop();
const arrived = new Promise<ConsoleArrivals>((r) => consoleSide.on('message', (m) => typeof m === 'object' && r(m as ConsoleArrivals)));
consoleSide.send('stop');
const { positions: positionArrivals, cards, positionCount, hooks, digested } = await Promise.race([arrived, consoleEnded]);

const positionLat: number[] = [];
for (const [key, at] of positionArrivals) {
  const t = sentAt.get(key);
  if (t !== undefined) positionLat.push(at - t);
}
const cardLat: number[] = [];
const cardGatewayLat: number[] = [];
const cardClientWait: number[] = [];
for (const [key, at, sentByGateway] of cards) {
  // The raise it answers: the latest one sent before the card arrived.
  const t = raisedAt.get(key)?.findLast((r) => r <= at);
  if (t === undefined) continue;
  cardLat.push(at - t);
  cardGatewayLat.push(sentByGateway - t);
  cardClientWait.push(at - sentByGateway);
}
/** From each alarm's first frame to its arrival, for the arrivals whose raise is known. */
const latencies = (arrivals: [string, number][]) => arrivals.flatMap(([key, at]) => {
  const t = raisedAt.get(key)?.findLast((r) => r <= at);
  return t === undefined ? [] : [at - t];
});
const hookLat = latencies(hooks);
const digestLat = latencies(digested);
const sorted = (a: number[]) => a.sort((x, y) => x - y);
process.send!({ positionLat: sorted(positionLat), cardLat: sorted(cardLat), cardGatewayLat: sorted(cardGatewayLat), cardClientWait: sorted(cardClientWait), hookLat: sorted(hookLat), hooksReceived: hooks.length, digestLat: sorted(digestLat), positions: positionCount,
  cardsReceived: cards.length, settle, loginsTimed: fleet.stats.logins - loginsAtStart, reconnectsTimed: fleet.stats.reconnects - reconnectsAtStart,
  online: onlineAtEnd }, () => process.exit(0));
