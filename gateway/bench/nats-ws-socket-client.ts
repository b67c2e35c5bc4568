/**
 * The browsers of the socket half of the nats.ws benchmark, in a process of their own so their
 * reading is not the gateway's work: N position sockets, each subscribed (cmd 1301) to the whole
 * tenant, counting the positions in each batch (cmd 1300) without parsing it, as a console counts
 * before it draws. Tells its parent 'ready' once every socket is subscribed, then the running total
 * every 250 ms. argv: httpPort token subscribers
 */
import WebSocket from 'ws';
import { POSITION_SOCKET_PATH, SocketCmd } from '@wdiov/contracts';

const [httpPort, token, subscribers] = process.argv.slice(2) as [string, string, string];
const needle = Buffer.from('"vin":');
let delivered = 0;
const countIn = (data: Buffer) => {
  for (let i = data.indexOf(needle); i >= 0; i = data.indexOf(needle, i + needle.length)) delivered++;
};
const sockets = await Promise.all(Array.from({ length: Number(subscribers) }, async () => {
  const ws = new WebSocket(`ws://127.0.0.1:${httpPort}${POSITION_SOCKET_PATH}?token=${token}`);
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  ws.on('message', (m: Buffer) => countIn(m));
  ws.send(JSON.stringify({ code: 0, cmd: SocketCmd.subscribe, msg: '', data: {}, ts: Date.now() }));
  return ws;
}));
process.send!('ready');
const timer = setInterval(() => process.send!({ delivered }), 250);
process.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  for (const ws of sockets) ws.close();
  process.send!({ delivered }, () => process.exit(0));
});
