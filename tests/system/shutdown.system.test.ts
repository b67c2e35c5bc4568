import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Command } from '@wdiov/contracts/protocol/index';
import { DEMO_FLEET } from '@wdiov/contracts/simulation/index';
import { openDatabase, queryRows } from '../../gateway/src/db/client.ts';
import { freePort } from '../../gateway/src/bus/nats-child.ts';
import { Fleet } from '../../simulators/src/fleet.ts';
import { Gateway } from '../e2e/support/gateway.ts';

/**
 * `docker compose stop` sends SIGTERM and kills 10 s later. The gateway, as `npm start` runs it,
 * under a fleet reporting at 5 Hz: it exits on its own well within that, and every realtime frame
 * the terminals got onto a link before it ended them is stored (the embedded database and bus:
 * what is in memory at the signal is written before the exit, or it would be lost). A terminal
 * that has not closed its side when the drain ends is reset (its log line says when): a frame it
 * writes after that was never taken, and is its to reissue (a starved simulator writes one round
 * late).
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('gateway stop under ingest load', () => {
  it('exits within docker\'s 10 s after SIGTERM, with every frame it took stored', async () => {
    const ingestPort = await freePort();
    const gateway = new Gateway(await freePort(), { env: { INGEST_PORT: String(ingestPort) } });
    cleanups.push(() => gateway.dispose());
    await gateway.start();
    /** The wall-clock times of each vehicle's realtime writes. */
    const sent = new Map<string, number[]>();
    const fleet = new Fleet({
      vehicles: DEMO_FLEET.count, rate: 5, seed: DEMO_FLEET.seed, host: '127.0.0.1', port: ingestPort, edition: '2016',
      alarmRate: 60, faultRate: 10, fenceRate: 0, city: 'shenzhen', rampS: 1, cells: 96,
    }, {
      onSent: (bytes) => {
        if (bytes[2] !== Command.realtime) return;
        const vin = Buffer.from(bytes.subarray(4, 21)).toString('latin1');
        const times = sent.get(vin) ?? [];
        times.push(Date.now());
        sent.set(vin, times);
      },
    });
    cleanups.push(() => fleet.stop());
    fleet.start();
    await new Promise((r) => setTimeout(r, 8000));
    const total = (before = Infinity) => [...sent.values()].reduce((a, t) => a + t.filter((ms) => ms < before).length, 0);
    expect(total()).toBeGreaterThan(DEMO_FLEET.count * 10);

    const stopped = await gateway.stop();
    const resetAt = linksResetAt(gateway.log());
    const sentBeforeExit = total(resetAt);
    expect(stopped?.code, 'exited on its own, every step done').toBe(0);
    expect(stopped!.ms).toBeLessThan(10_000);
    await fleet.stop();

    const database = await openDatabase({ dir: join(gateway.dataDir, 'pg') });
    cleanups.push(() => database.close());
    const rows = await queryRows<{ vin: string; n: number }>(database.db, sql`SELECT vin, count(*)::int AS n FROM wdiov_raw_frame WHERE command = ${Command.realtime} GROUP BY vin`);
    const stored = new Map(rows.map((r) => [r.vin, r.n]));
    expect([...stored.values()].reduce((a, b) => a + b, 0), `links reset at ${resetAt}`).toBe(sentBeforeExit);
    for (const [vin, times] of sent) expect(stored.get(vin) ?? 0, vin).toBe(times.filter((ms) => ms < resetAt).length);
  });
});

/** When the gateway reset the links still open after its drain (its warning), or never. */
function linksResetAt(log: string): number {
  const at = /"resetAt":(\d+)/.exec(log)?.[1];
  return at ? Number(at) : Infinity;
}
