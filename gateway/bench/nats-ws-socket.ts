/**
 * The socket half of the nats.ws benchmark: a gateway whose own vehicles report (snapshots put
 * into its live state, as its ingest puts them), and browser-like clients on its position socket
 * in a process of their own (nats-ws-socket-client.ts). The gateway coalesces per vehicle and
 * flushes 4 batches a second to each socket; a position counts once it is read by a client.
 */
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createMemoryBus } from '../src/bus/memory-bus.ts';
import { freePort } from '../src/bus/nats-child.ts';
import { prepareData } from '../src/seed/seed.ts';
import { startReplica } from '../../tests/system/system-gateway.ts';
import { snapshot } from '../test/telemetry-fixture.ts';
import { benchDatabase } from './bench-util.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function socketFanOut(vehicles: number, seconds: number, subscribers: number) {
  const { database, dispose } = await benchDatabase('pglite');
  // No other gateway: the positions are this gateway's own vehicles', so no bus is on their path.
  const bus = createMemoryBus();
  const replica = await startReplica(database, bus, await freePort(), randomBytes(32).toString('hex'));
  try {
    await prepareData(database.db, replica.gateway.repos);
    const res = await replica.gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5('admin')}&tenantId=000000`, {
      method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    const client = fork(new URL('./nats-ws-socket-client.ts', import.meta.url), [String(replica.httpPort), token, String(subscribers)], { execArgv: ['--import', 'tsx'] });
    let delivered = 0;
    const ready = new Promise<void>((resolve, reject) => {
      client.on('message', (m) => (m === 'ready' ? resolve() : (delivered = (m as { delivered: number }).delivered)));
      client.once('exit', (code) => reject(new Error(`socket clients ended (exit ${code})`)));
    });
    await ready;
    // Let the clients' scopes load before the first position.
    await sleep(500);
    const vins = Array.from({ length: vehicles }, (_, i) => `LSOCK${String(i).padStart(12, '0')}`);
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    for (let s = 0; s < seconds * 10; s++) {
      // A tenth of the fleet every 100 ms: `vehicles` at 1 Hz.
      const ts = Date.now();
      for (let v = (s % 10) * (vehicles / 10); v < ((s % 10) + 1) * (vehicles / 10); v++) replica.gateway.latest.put(snapshot(vins[v]!, ts));
      const due = start + (s + 1) * 100;
      await sleep(Math.max(0, due - performance.now()));
    }
    const expected = vehicles * seconds * subscribers;
    // Until every position is read, or the count stops moving (coalescing or a slow client dropped some).
    let last = -1;
    for (let idle = 0; delivered < expected && idle < 20 && performance.now() - start < 60_000; idle = delivered === last ? idle + 1 : 0) {
      last = delivered;
      await sleep(250);
    }
    const elapsed = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    client.send('stop');
    await new Promise((r) => client.once('exit', r));
    return { delivered, expected, elapsed, gatewayCores: (cpu.user + cpu.system) / 1e6 / elapsed };
  } finally {
    await replica.stop();
    await bus.close();
    await dispose();
  }
}
