/**
 * The far side of the live benchmark, in its own process so none of its work is the gateway's:
 * the simulated fleet (GB/T 32960 over TCP) and the console's two sockets. It times each frame
 * sent to the position (or card) it becomes on the socket, and sends the sorted latencies to its
 * parent at the end. A card's latency is split at the server's send time (the message's `ts`):
 * the gateway's part, and the wait until this process (busy simulating the fleet on the same
 * cores) reads it. Position messages are counted without parsing; one in POSITION_SAMPLE is
 * parsed and timed. argv: httpPort ingestPort token vehicles seconds
 * (0: until the parent says 'stop').
 */
import WebSocket from 'ws';
import { decodeFrame, Command, activeAlarms, type AlarmData } from '@wdiov/contracts/protocol/index';
import { Fleet } from '../../simulators/src/fleet.ts';

const [httpPort, ingestPort, token, vehicles, seconds] = process.argv.slice(2) as [string, string, string, string, string];
const sentAt = new Map<string, number>();
const alarmSentAt = new Map<string, number>();
const activeByVin = new Map<string, Set<string>>();
const positionLat: number[] = [];
const cardLat: number[] = [];
const cardGatewayLat: number[] = [];
const cardClientWait: number[] = [];
let positions = 0;
let positionMessages = 0;
const POSITION_SAMPLE = 8;
/** Epoch milliseconds with sub-millisecond precision (the gateway's `ts` is Date.now() on the same clock). */
const epochNow = () => performance.timeOrigin + performance.now();
const countOf = (text: string, needle: string) => {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
};

// Cards on the online-user socket, positions on the position socket (as the console has them).
const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/api/wdiov-base/online-user/?token=${token}`);
const positionWs = new WebSocket(`ws://127.0.0.1:${httpPort}/api/wdiov-base/live-position/?token=${token}`);
await Promise.all([ws, positionWs].map((s) => new Promise((r) => s.once('open', r))));
positionWs.send(JSON.stringify({ code: 0, cmd: 1301, msg: '', data: {}, ts: Date.now() }));
const onPositions = (m: WebSocket.RawData) => {
  const now = epochNow();
  const text = String(m);
  positions += countOf(text, '"vin":');
  if (positionMessages++ % POSITION_SAMPLE !== 0) return;
  const msg = JSON.parse(text);
  if (msg.cmd !== 1300) return;
  for (const p of msg.data) {
    const t = sentAt.get(`${p.vin}|${p.ts}`);
    if (t !== undefined) positionLat.push(now - t);
  }
};
const onCard = (m: WebSocket.RawData) => {
  const now = epochNow();
  const msg = JSON.parse(String(m));
  if (msg.cmd !== 1200) return;
  const t = alarmSentAt.get(`${msg.data.vin}|${msg.data.alarmType}`);
  if (t === undefined) return;
  cardLat.push(now - t);
  cardGatewayLat.push(msg.ts - t);
  cardClientWait.push(now - msg.ts);
};
ws.on('message', onCard);
positionWs.on('message', onPositions);

const fleet = new Fleet({
  vehicles: Number(vehicles), rate: 1, seed: 1, host: '127.0.0.1', port: Number(ingestPort), edition: '2016', alarmRate: 30, faultRate: 0, fenceRate: 0,
  city: 'shenzhen', rampS: 5, cells: 96,
}, {
  onSent: (bytes) => {
    const r = decodeFrame(bytes);
    if (!r.ok || r.frame.command !== Command.realtime || r.frame.body.kind !== 'realtime') return;
    const t = r.frame.body.time;
    const ts = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - 8 * 3600_000;
    const now = epochNow();
    sentAt.set(`${r.frame.vin}|${ts}`, now);
    // The first frame showing each alarm of a vehicle: its card's latency is measured from there.
    const alarm = r.frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
    const active = new Set(alarm ? activeAlarms(alarm, '2016').map((a) => `${r.frame.vin}|gb:${a.key}`) : []);
    for (const k of active) if (!alarmSentAt.has(k)) alarmSentAt.set(k, now);
    for (const k of [...(activeByVin.get(r.frame.vin) ?? [])]) if (!active.has(k)) alarmSentAt.delete(k);
    activeByVin.set(r.frame.vin, active);
  },
});
fleet.start();
if (Number(seconds) > 0) await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
else {
  // seconds 0: the parent sets the window (shift-start.bench.ts): 'measure' drops what the ramp-up timed, 'stop' ends.
  process.on('message', (m) => m === 'measure' && (positionLat.length = cardLat.length = cardGatewayLat.length = cardClientWait.length = positions = positionMessages = 0));
  await new Promise<void>((r) => process.on('message', (m) => m === 'stop' && r()));
}
await fleet.stop();
ws.close();
positionWs.close();
const sorted = (a: number[]) => a.sort((x, y) => x - y);
process.send!({ positionLat: sorted(positionLat), cardLat: sorted(cardLat), cardGatewayLat: sorted(cardGatewayLat), cardClientWait: sorted(cardClientWait), positions }, () => process.exit(0));
