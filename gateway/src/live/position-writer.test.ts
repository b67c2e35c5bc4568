import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { subjects, type Telemetry } from '@wdiov/contracts';
import { openDatabase, type Database } from '../db/client.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import type { MessageBus } from '../bus/bus.ts';
import { createLogger } from '../lib/logger.ts';
import { positions } from '../db/schema/index.ts';
import { until } from '../../test/terminal-client.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { insertPositions, PositionWriter } from './position-writer.ts';

let database: Database;
let bus: MessageBus;
const logger = createLogger('silent');
const enc = new TextEncoder();
const publish = (t: Telemetry) => bus.publish(subjects.telemetry(t.tenantId, t.vin), enc.encode(JSON.stringify(t)));
const rowsOf = async (vin: string) => (await database.db.select({ n: count() }).from(positions).where(eq(positions.vin, vin)))[0]!.n;

beforeAll(async () => {
  database = await openDatabase({});
  bus = createMemoryBus();
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

describe('position writer', () => {
  it('writes the telemetry published while no writer ran, once it starts (nothing is lost to a restart)', async () => {
    const vin = 'LPOSWRITER0000001';
    for (let i = 0; i < 50; i++) publish(snapshot(vin, 1_700_000_000_000 + i * 1000));
    const writer = new PositionWriter(database.db, bus, logger);
    await writer.start();
    await until(async () => (await rowsOf(vin)) === 50 || undefined);
    for (let i = 50; i < 3050; i++) publish(snapshot(vin, 1_700_000_000_000 + i * 1000));
    await until(async () => (await rowsOf(vin)) === 3050 || undefined, 15_000);
    await writer.stop();
    expect(await rowsOf(vin)).toBe(3050);
  });

  it('stores a snapshot delivered twice as one row, with its readings', async () => {
    const vin = 'LPOSWRITER0000002';
    const t = snapshot(vin, 1_700_000_100_000, { speedKmh: 'invalid', socPercent: 55.5, heading: 181.6 });
    await insertPositions(database.db, [t, snapshot(vin, 1_700_000_101_000)]);
    await insertPositions(database.db, [t]);
    expect(await rowsOf(vin)).toBe(2);
    const [row] = await database.db.select().from(positions).where(and(eq(positions.vin, vin), eq(positions.ts, new Date(t.ts))));
    expect(row).toMatchObject({ vin, speed: null, soc: 55.5, heading: 182, lng: 114.05, reissue: 0 });
  });
});
