import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { subjects, type RawFrame } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../../test/terminal-client.ts';
import { rawFrames } from '../db/schema/index.ts';
import { nextId } from '../lib/ids.ts';

let gw: TestGateway;
const enc = new TextEncoder();
const frame = (vin: string, i: number, id: string | undefined = nextId()): RawFrame => ({
  id, tenantId: '000000', vin, command: 0x02, receivedAt: Date.now() + i, ts: null, hex: `2323020${i.toString(16)}`,
});
const publish = (r: unknown) => gw.bus!.publishDurable(subjects.raw((r as RawFrame).vin), enc.encode(JSON.stringify(r)));
const rowsOf = async (vin: string) => (await gw.database.db.select({ n: count() }).from(rawFrames).where(eq(rawFrames.vin, vin)))[0]!.n;

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
});
afterAll(() => gw.dispose());

describe('raw frame persister', () => {
  it('writes a burst of frames, many per insert, every one exactly once', async () => {
    const vin = 'LRAWBATCH00000001';
    await Promise.all(Array.from({ length: 1200 }, (_, i) => publish(frame(vin, i))));
    await until(async () => (await rowsOf(vin)) === 1200 || undefined, 15_000);
    expect(await rowsOf(vin)).toBe(1200);
  });

  it('stores a redelivered frame once (the id travels with it)', async () => {
    const vin = 'LRAWBATCH00000002';
    const r = frame(vin, 1);
    await publish(r);
    await publish(r);
    await publish(frame(vin, 2));
    await until(async () => (await rowsOf(vin)) === 2 || undefined);
    await new Promise((res) => setTimeout(res, 200));
    expect(await rowsOf(vin)).toBe(2);
  });

  it('skips a malformed frame without holding back the rest of its batch', async () => {
    const vin = 'LRAWBATCH00000003';
    const rejected = gw.streaming!.persister.rejected;
    await Promise.all([publish(frame(vin, 1)), publish({ vin, hex: 'zz' }), publish(frame(vin, 2))]);
    await until(async () => (await rowsOf(vin)) === 2 || undefined);
    expect(gw.streaming!.persister.rejected).toBe(rejected + 1);
  });
});
