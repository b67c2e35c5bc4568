/**
 * The console of the live benchmark, in a process of its own as a browser is on its own machine:
 * the online-user socket (alarm cards) and the position socket. It notes when each card and each
 * sampled position arrives; its parent, the fleet's process (live-client.ts), joins them with the
 * times their frames were sent. Position messages are counted without parsing; one in
 * POSITION_SAMPLE is parsed. argv: httpPort token. IPC: sends 'ready' once both sockets are open;
 * 'measure' drops what arrived so far; 'stop' closes the sockets and sends the arrivals.
 */
import WebSocket from 'ws';
import { epochNow } from './bench-util.ts';

export interface ConsoleArrivals {
  /** `${vin}|${ts}` of each sampled position, and when it arrived (epoch ms). */
  positions: [string, number][];
  /** `${vin}|${alarmKey}` of each card, when it arrived, and the gateway's send time (the message's ts). */
  cards: [string, number, number][];
  /** Positions received in all (sampled or not). */
  positionCount: number;
}

const [httpPort, token] = process.argv.slice(2) as [string, string];
const POSITION_SAMPLE = 8;
const countOf = (text: string, needle: string) => {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
};

let arrivals: ConsoleArrivals = { positions: [], cards: [], positionCount: 0 };
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
  if (m === 'measure') arrivals = { positions: [], cards: [], positionCount: 0 };
  if (m === 'stop') {
    ws.close();
    positionWs.close();
    process.send!(arrivals, () => process.exit(0));
  }
});
process.send!('ready');
