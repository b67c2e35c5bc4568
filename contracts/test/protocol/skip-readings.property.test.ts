// decodeFrame(bytes, { readings: false }) accepts and refuses exactly what the full decode does,
// and gives the same frame with the per-cell and per-probe lists left empty.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, SKIPPED_READINGS, type DecodeResult, type Edition, type Frame } from '../../src/protocol/index.ts';
import { frameArb, rawFrame, rawRealtimeBody, rawVin } from './arbitraries.ts';

const RUNS = 1000;

/** The full decode's result with what readings: false leaves out emptied. */
function withoutReadings(r: DecodeResult): unknown {
  if (!r.ok || r.frame.body.kind !== 'realtime') return r;
  const items = r.frame.body.items.map((i) =>
    i.kind === 'cellVoltages' ? { ...i, packs: i.packs.map((p) => ({ ...p, cellVoltagesV: [] })) }
      : i.kind === 'probeTemperatures' ? { ...i, packs: i.packs.map((p) => ({ ...p, temperaturesC: [] })) }
        : i);
  return { ...r, frame: { ...r.frame, body: { ...r.frame.body, items } } };
}

const same = (bytes: Uint8Array) => {
  expect(decodeFrame(bytes, { readings: false })).toEqual(withoutReadings(decodeFrame(bytes)));
};

describe.each<Edition>(['2016', '2025'])('%s edition, readings left out', (edition) => {
  it('decodes every generated frame as the full decode does, lists emptied', () => {
    fc.assert(fc.property(frameArb(edition), (frame) => same(encodeFrame(frame))), { numRuns: RUNS });
  });

  it('refuses every truncated or lengthened realtime body exactly as the full decode does', () => {
    fc.assert(
      fc.property(rawVin, rawRealtimeBody(edition), fc.integer({ min: -40, max: 8 }), (vin, body, cut) => {
        const b = cut < 0 ? body.slice(0, Math.max(6, body.length + cut)) : [...body, ...new Array<number>(cut).fill(0)];
        same(rawFrame(edition, 0x02, 0xfe, vin, b));
      }),
      { numRuns: RUNS },
    );
  });

  it('hands out the one shared empty list, never a list a caller could fill for the next frame', () => {
    // The first cell-voltage item must hold a pack: that is the one read back below.
    const firstCells = (f: Frame) => (f.body.kind === 'realtime' ? f.body.items.find((i) => i.kind === 'cellVoltages') : undefined);
    const frame = fc.sample(frameArb(edition).filter((f) => firstCells(f)?.kind === 'cellVoltages' && firstCells(f)!.packs.length > 0), 1)[0]!;
    const r = decodeFrame(encodeFrame(frame), { readings: false });
    if (!r.ok || r.frame.body.kind !== 'realtime') throw new Error('not decoded');
    const cells = r.frame.body.items.find((i) => i.kind === 'cellVoltages');
    if (cells?.kind !== 'cellVoltages') throw new Error('no cell voltages');
    expect(cells.packs[0]!.cellVoltagesV).toBe(SKIPPED_READINGS);
    expect(() => (cells.packs[0]!.cellVoltagesV as number[]).push(1)).toThrow(TypeError);
  });
});
