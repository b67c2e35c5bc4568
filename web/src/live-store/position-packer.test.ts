import { describe, expect, it } from 'vitest';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { BYTES_PER_ROW, PackedFrameReader, packedColumns, type PositionBatch } from './packed-positions';
import { PositionPacker } from './position-packer';

const p = (vin: string, over: Partial<LivePosition> = {}): LivePosition => ({
  vin, lng: 114.123456789, lat: 22.5, speed: 36.6, heading: 271.3, soc: 55.5, state: 1, alarmLevel: 0, ts: 1_735_689_600_123, ...over,
});
const frame = (data: unknown[], over: Record<string, unknown> = {}) => JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: 5, data, ...over });

/** Row `i` of a batch back as a position (what the main thread would write). */
function row(batch: PositionBatch, i: number): LivePosition {
  const c = batch.columns;
  return {
    vin: batch.vins[c.ids[i]], lng: c.lngLat[i * 2], lat: c.lngLat[i * 2 + 1], speed: c.speed[i], heading: c.heading[i],
    soc: Number.isNaN(c.soc[i]) ? null : c.soc[i], state: c.state[i], alarmLevel: c.alarmLevel[i], ts: c.ts[i],
  };
}
/** What survives the trip: Float64 lng/lat/ts exactly, Float32 for the rest (as in the store). */
const f32 = (q: LivePosition): LivePosition => ({ ...q, speed: Math.fround(q.speed), heading: Math.fround(q.heading), soc: q.soc === null ? null : Math.fround(q.soc) });

describe('position packer', () => {
  it('packs a frame into columns that read back as the same positions', () => {
    const packer = new PositionPacker();
    const reader = new PackedFrameReader();
    const positions = [p('A'), p('B', { soc: null, state: 4, alarmLevel: 3, speed: -0.1 }), p('C', { lng: -0.5, lat: -33.9, heading: 0 })];
    const packed = packer.pack(frame(positions))!;
    expect(packed).toMatchObject({ rows: 3, count: 3, firstNewId: 0, newVins: ['A', 'B', 'C'] });
    // One buffer holds every column (one transfer), exactly sized.
    expect(packed.buffer.byteLength).toBe(3 * BYTES_PER_ROW);
    const batch = reader.read(packed);
    expect([0, 1, 2].map((i) => row(batch, i))).toEqual(positions.map(f32));
  });

  it('numbers each VIN once: known vehicles travel as ids, new ones are announced', () => {
    const packer = new PositionPacker();
    const reader = new PackedFrameReader();
    const first = reader.read(packer.pack(frame([p('A'), p('B')]))!);
    const second = packer.pack(frame([p('B'), p('C'), p('A')]))!;
    expect(second).toMatchObject({ firstNewId: 2, newVins: ['C'] });
    const batch = reader.read(second);
    expect(Array.from(batch.columns.ids.subarray(0, 3))).toEqual([1, 2, 0]);
    // The id list is the reader's one list, appended to: batches of one packer share it.
    expect(batch.vins).toBe(first.vins);
    expect(batch.vins).toEqual(['A', 'B', 'C']);
    expect(packer.size).toBe(3);
  });

  it('drops invalid positions one by one and keeps the rest in order', () => {
    const packer = new PositionPacker();
    const packed = packer.pack(frame([p('A'), { ...p('X'), lng: 'x' }, null, p('B'), { ...p('Y'), alarmLevel: 7 }]))!;
    expect(packed).toMatchObject({ rows: 5, count: 2, newVins: ['A', 'B'] });
    const batch = new PackedFrameReader().read(packed);
    expect([row(batch, 0).vin, row(batch, 1).vin]).toEqual(['A', 'B']);
  });

  it('refuses broken envelopes and every other command', () => {
    const packer = new PositionPacker();
    expect(packer.pack('{')).toBeNull();
    expect(packer.pack(42)).toBeNull();
    expect(packer.pack(frame([p('A')], { data: 'no' }))).toBeNull();
    expect(packer.pack(frame([p('A')], { ts: 1.5 }))).toBeNull();
    expect(packer.pack(JSON.stringify({ code: 0, cmd: 1001, msg: 'pong', data: null, ts: 1 }))).toBeNull();
    expect(packer.pack(JSON.stringify({ code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, vin: 'A' } }))).toBeNull();
    expect(packer.pack(JSON.stringify({ code: 0, cmd: 8860, msg: 'bye', data: null, ts: 1 }))).toBeNull();
    // Nothing was numbered by the refused frames.
    expect(packer.size).toBe(0);
  });
});

describe('packed layout', () => {
  it('lays the columns out aligned and apart, for any row count', () => {
    for (const rows of [0, 1, 3, 7]) {
      const buffer = new ArrayBuffer(rows * BYTES_PER_ROW);
      const c = packedColumns(buffer, rows);
      const views = Object.values(c);
      for (const v of views) expect(v.byteOffset % v.BYTES_PER_ELEMENT).toBe(0);
      const spans = views.map((v) => [v.byteOffset, v.byteOffset + v.byteLength]).sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBe(spans[i - 1][1]);
      expect(spans.at(-1)![1]).toBe(rows * BYTES_PER_ROW);
    }
  });

  it('a reader refuses frames out of step with its id list', () => {
    const packer = new PositionPacker();
    packer.pack(frame([p('A')]));
    // The reader missed the frame that announced A.
    expect(() => new PackedFrameReader().read(packer.pack(frame([p('B')]))!)).toThrow(/out of step/);
  });
});
