import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { encodeRawFrameBatch, subjects, type RawFrame, type RawFrameBatchOut } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../../test/terminal-client.ts';
import { positions, rawFrameHex, rawFrames } from '../db/schema/index.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { nextId } from '../lib/ids.ts';
import { createLogger } from '../lib/logger.ts';
import { busSink } from './bus-sink.ts';
import { DEFAULT_RAW_BATCH_LIMITS } from './raw-batcher.ts';

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

describe('raw frame persister, single frames (as earlier gateways queued them)', () => {
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
    const rejected = gw.streaming!.persistence.local!.rawFrames.rejected;
    await Promise.all([publish(frame(vin, 1)), publish({ vin, hex: 'zz' }), publish(frame(vin, 2))]);
    await until(async () => (await rowsOf(vin)) === 2 || undefined);
    expect(gw.streaming!.persistence.local!.rawFrames.rejected).toBe(rejected + 1);
  });
});

describe('raw frame batches', () => {
  const bytesOf = (f: RawFrame) => Uint8Array.from(Buffer.from(f.hex, 'hex'));
  const batchOf = (vin: string, from: number, n: number): RawFrameBatchOut => {
    const frames = Array.from({ length: n }, (_, i) => frame(vin, from + i));
    return {
      id: frames.map((f) => f.id!), tenantId: frames.map((f) => f.tenantId), vin: frames.map((f) => f.vin),
      command: frames.map((f) => f.command), receivedAt: frames.map((f) => f.receivedAt), frame: frames.map(bytesOf),
    };
  };
  const publishBatch = (b: RawFrameBatchOut) => gw.bus!.publishDurable(subjects.rawBatch('test'), encodeRawFrameBatch(b));
  const hexColumn = (b: RawFrameBatchOut) => b.frame.map((f) => Buffer.from(f).toString('hex'));

  it('stores every frame the ingest batches, once, across vehicles and batches', async () => {
    const sink = busSink(gw.bus!, createLogger('silent'), { ...DEFAULT_RAW_BATCH_LIMITS, maxFrames: 300 });
    const vins = ['LRAWBATCH00000011', 'LRAWBATCH00000012', 'LRAWBATCH00000013'];
    for (let i = 0; i < 2500; i++) {
      const f = frame(vins[i % 3]!, i);
      sink.raw({ ...f, bytes: bytesOf(f) });
    }
    await sink.flush!();
    expect(sink.batcher.batchesPublished).toBeGreaterThanOrEqual(9);
    expect(sink.batcher.held).toBe(0);
    await until(async () => (await Promise.all(vins.map(rowsOf))).reduce((a, b) => a + b, 0) === 2500 || undefined, 15_000);
    expect(await Promise.all(vins.map(rowsOf))).toEqual([834, 833, 833]);
  });

  it('stores a redelivered batch once', async () => {
    const vin = 'LRAWBATCH00000014';
    const b = batchOf(vin, 0, 50);
    await publishBatch(b);
    await publishBatch(b);
    await publishBatch(batchOf(vin, 50, 1));
    await until(async () => (await rowsOf(vin)) === 51 || undefined);
    await new Promise((res) => setTimeout(res, 200));
    expect(await rowsOf(vin)).toBe(51);
  });

  it('stores the JSON batches earlier gateways left in the stream, bytes as sent', async () => {
    const vin = 'LRAWBATCH00000017';
    const b = batchOf(vin, 0, 4);
    const { frame: _bytes, ...columns } = b;
    await gw.bus!.publishDurable(subjects.rawBatch('test'), JSON.stringify({ ...columns, hex: hexColumn(b) }));
    await until(async () => (await rowsOf(vin)) === 4 || undefined);
    const stored = await gw.database.db.select({ hex: rawFrameHex }).from(rawFrames).where(eq(rawFrames.vin, vin)).orderBy(rawFrames.id);
    expect(stored.map((r) => r.hex)).toEqual(hexColumn(b));
  });

  it('writes the snapshots a batch carries as position history, once on redelivery, and shows another gateway\'s vehicles live', async () => {
    const vin = 'LRAWBATCH00000016';
    const b = { ...batchOf(vin, 0, 3), telemetry: [0, 1, 2].map((i) => snapshot(vin, 1_700_000_000_000 + i * 1000)) };
    await publishBatch(b);
    await publishBatch(b);
    const positionRows = async () => (await gw.database.db.select({ n: count() }).from(positions).where(eq(positions.vin, vin)))[0]!.n;
    await until(async () => ((await rowsOf(vin)) === 3 && (await positionRows()) === 3) || undefined);
    await new Promise((res) => setTimeout(res, 200));
    expect([await rowsOf(vin), await positionRows()]).toEqual([3, 3]);
    // Published on a subject other than this gateway's own: its live state takes the newest snapshot.
    expect(gw.latest.get(vin)?.ts).toBe(1_700_000_002_000);
  });

  it('skips a malformed batch and stores the batches beside it', async () => {
    const vin = 'LRAWBATCH00000015';
    const rejected = gw.streaming!.persistence.local!.rawFrames.rejected;
    const truncated = encodeRawFrameBatch(batchOf(vin, 0, 3)).subarray(0, 60);
    const bus = gw.bus!;
    await Promise.all([publishBatch(batchOf(vin, 10, 2)), bus.publishDurable(subjects.rawBatch('test'), truncated), publishBatch(batchOf(vin, 20, 2))]);
    await until(async () => (await rowsOf(vin)) === 4 || undefined);
    expect(gw.streaming!.persistence.local!.rawFrames.rejected).toBe(rejected + 1);
  });
});
