/**
 * The console of the live benchmark, in a process of its own as a browser is on its own machine:
 * the online-user socket (alarm cards) and the position socket. It notes when each card and each
 * sampled position arrives; its parent, the fleet's process (live-client.ts), joins them with the
 * times their frames were sent. Position messages are counted without parsing; one in
 * POSITION_SAMPLE is parsed. It also takes the gateway's alarm webhooks, as a team's receiver
 * elsewhere would. argv: httpPort token hookPort. IPC: sends 'ready' once both sockets are open;
 * 'measure' drops what arrived so far; 'stop' closes the sockets and sends the arrivals.
 */
import { createServer } from 'node:http';
import WebSocket from 'ws';
import { epochNow } from './bench-util.ts';

export interface ConsoleArrivals {
  /** `${vin}|${ts}` of each sampled position, and when it arrived (epoch ms). */
  positions: [string, number][];
  /** `${vin}|${alarmKey}` of each card, when it arrived, and the gateway's send time (the message's ts). */
  cards: [string, number, number][];
  /** Positions received in all (sampled or not). */
  positionCount: number;
  /** `${vin}|${alarmType}` of each alarm a webhook carried on its own, and when it arrived. */
  hooks: [string, number][];
  /** The same of each alarm a team's digest carried (sent at the end of the team's minute). */
  digested: [string, number][];
}

const [httpPort, token, hookPort] = process.argv.slice(2) as [string, string, string];
const POSITION_SAMPLE = 8;
const countOf = (text: string, needle: string) => {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
};

const empty = (): ConsoleArrivals => ({ positions: [], cards: [], positionCount: 0, hooks: [], digested: [] });
let arrivals = empty();
const hooks = createServer((req, res) => {
  const at = epochNow();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { alarms: { vin: string; type?: string }[] } };
    const into = body.data.alarms.length > 1 ? arrivals.digested : arrivals.hooks;
    for (const a of body.data.alarms) into.push([`${a.vin}|${a.type}`, at]);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => hooks.listen(Number(hookPort), '127.0.0.1', r));
let positionMessages = 0;
const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/api/wdiov-base/online-user/?token=${token}`);
const positionWs = new WebSocket(`ws://127.0.0.1:${httpPort}/api/wdiov-base/live-position/?token=${token}`);
ws.on('message', (m) => {
  const at = epochNow();
  const msg = JSON.parse(String(m));
  if (msg.cmd === 1200) arrivals.cards.push([`${msg.data.vin}|${msg.data.alarmType}`, at, msg.ts]);
});
positionWs.on('message', (m) => {
  const at = epochNow();
  const text = String(m);
  arrivals.positionCount += countOf(text, '"vin":');
  if (positionMessages++ % POSITION_SAMPLE !== 0) return;
  const msg = JSON.parse(text);
  if (msg.cmd !== 1300) return;
  for (const p of msg.data) arrivals.positions.push([`${p.vin}|${p.ts}`, at]);
});
await Promise.all([ws, positionWs].map((s) => new Promise((r) => s.once('open', r))));
positionWs.send(JSON.stringify({ code: 0, cmd: 1301, msg: '', data: {}, ts: Date.now() }));
process.on('message', (m) => {
  if (m === 'measure') arrivals = empty();
  if (m === 'stop') {
    ws.close();
    positionWs.close();
    hooks.close();
    process.send!(arrivals, () => process.exit(0));
  }
});
process.send!('ready');
