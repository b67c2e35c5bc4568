// decodeFrame(bytes, { readings: false }) accepts and refuses exactly what the full decode does,
// and gives the same frame with the per-cell and per-probe lists left unread: read in place from
// the frame's bytes (cellVoltageAt, temperatureAt), they are the full decode's lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellCountOf, cellVoltageAt, decodeFrame, encodeFrame, SKIPPED_READINGS, temperatureAt, temperatureCountOf,
  type DecodeResult, type Edition, type Frame,
} from '../../src/protocol/index.ts';
import { frameArb, rawFrame, rawRealtimeBody, rawVin } from './arbitraries.ts';

const RUNS = 1000;

/** A decode without readings, its lists read in place and their bytes put aside. */
function readInPlace(r: DecodeResult): unknown {
  if (!r.ok || r.frame.body.kind !== 'realtime') return r;
  const items = r.frame.body.items.map((i) => {
    if (i.kind === 'cellVoltages') {
      return { ...i, packs: i.packs.map(({ cellsRaw, ...p }) => {
        expect(p.cellVoltagesV).toBe(SKIPPED_READINGS);
        expect(cellsRaw).toBeInstanceOf(Uint8Array);
        return { ...p, cellVoltagesV: Array.from({ length: cellCountOf({ ...p, cellsRaw }) }, (_, n) => cellVoltageAt({ ...p, cellsRaw }, n)) };
      }) };
    }
    if (i.kind === 'probeTemperatures') {
      return { ...i, packs: i.packs.map(({ temperaturesRaw, ...p }) => {
        expect(temperaturesRaw).toBeInstanceOf(Uint8Array);
        return { ...p, temperaturesC: Array.from({ length: temperatureCountOf({ ...p, temperaturesRaw }) }, (_, n) => temperatureAt({ ...p, temperaturesRaw }, n)) };
      }) };
    }
    return i;
  });
  return { ...r, frame: { ...r.frame, body: { ...r.frame.body, items } } };
}

const same = (bytes: Uint8Array) => {
  expect(readInPlace(decodeFrame(bytes, { readings: false }))).toEqual(decodeFrame(bytes));
};

describe.each<Edition>(['2016', '2025'])('%s edition, readings left out', (edition) => {
  it('decodes every generated frame as the full decode does, its lists read in place', () => {
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
