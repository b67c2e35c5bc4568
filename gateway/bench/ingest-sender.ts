/**
 * The sender of the ingest benchmark, run in its own process so its CPU is not the gateway's:
 * reads a recording (`hex` or `ms,hex` lines, as `npm run simulate -- --record` writes), opens
 * one TCP connection per VIN and sends its first frame (the login); once its parent says 'go'
 * it writes each VIN's other frames in one write, in recorded order, as fast as the gateway reads
 * them. Keeps the connections open until its parent says 'close' (closing early would cut frames
 * the gateway has not read yet).
 * Messages to the parent: {phase: 'logins', …} once every login is handed to TCP, then
 * {phase: 'data', sent, connections, failed} once everything is.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { parseRecording } from '../../simulators/src/recording.ts';

const [file, host, port] = process.argv.slice(2) as [string, string, string];
const { frames } = parseRecording(readFileSync(file, 'utf8'));
const byVin = new Map<string, Uint8Array[]>();
for (const f of frames) {
  const vin = Buffer.from(f.bytes.subarray(4, 21)).toString('latin1');
  let list = byVin.get(vin);
  if (!list) byVin.set(vin, (list = []));
  list.push(f.bytes);
}
const sockets: net.Socket[] = [];
let written = 0;
let failed = 0;
// Connections are opened a few hundred at a time, as a fleet comes online, not as one SYN flood.
const CONNECTING = 200;
let connecting = 0;
const slots: Array<() => void> = [];
const slot = () => (connecting < CONNECTING ? (connecting++, Promise.resolve()) : new Promise<void>((r) => slots.push(r)));
const freeSlot = () => {
  const next = slots.shift();
  if (next) next();
  else connecting--;
};
function connect(list: Uint8Array[]): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    let connected = false;
    const socket = net.createConnection({ host, port: Number(port) }, () => {
      connected = true;
      freeSlot();
      socket.write(list[0]!, () => {
        written += 1;
        resolve(socket);
      });
    });
    socket.on('data', () => undefined); // acks: read and dropped
    socket.once('error', (err) => {
      if (!connected) freeSlot();
      failed++;
      console.error(`sender: ${err.message}`);
      resolve(undefined);
    });
    sockets.push(socket);
  });
}
const lists = [...byVin.values()];
const open = await Promise.all(lists.map(async (list) => {
  await slot();
  return connect(list);
}));
process.send!({ phase: 'logins', sent: written, connections: sockets.length, failed });
process.on('message', (m) => {
  if (m === 'go') {
    void Promise.all(open.map((socket, i) => new Promise<void>((resolve) => {
      if (!socket) return resolve();
      const rest = lists[i]!.slice(1);
      socket.write(Buffer.concat(rest), () => {
        written += rest.length;
        resolve();
      });
    }))).then(() => process.send!({ phase: 'data', sent: written, connections: sockets.length, failed }));
  }
  if (m === 'close') {
    for (const s of sockets) s.end();
    process.exit(0);
  }
});
