import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rawFrameBatch, type Telemetry } from '../src/nats/payloads.ts';
import { decodeRawFrameBatch, encodeRawFrameBatch, type RawFrameBatchOut } from '../src/nats/raw-frame-batch.ts';

const snapshot = (vin: string, over: Partial<Telemetry> = {}): Telemetry => ({
  tenantId: '000000', vin, vehicleId: `id-${vin}`, plate: '粤B12345', ts: 1_764_000_000_000, receivedAt: 1_764_000_000_123,
  reissue: false, lng: 113.95, lat: 22.54, fixValid: true, heading: 271.5, speedKmh: 42.5, mileageKm: 12_345.6,
  socPercent: 'abnormal', totalVoltageV: 'invalid', totalCurrentA: -12.3, vehicleState: 1, chargeState: 3, state: 1,
  alarmLevel: 4, maxCellVoltageV: 3.712, minCellVoltageV: null, maxCellNo: 17, minCellNo: 2, maxTempC: -40, minTempC: 0, ...over,
});

const batch = (): RawFrameBatchOut => ({
  id: ['7390000000000000001', '2', '9223372036854775807'],
  tenantId: ['000000', '000000', '000001'],
  vin: ['LVIN00000000000A1', 'LVIN00000000000A1', 'LVIN00000000000B2'],
  command: [0x02, 0x03, 0xc1],
  receivedAt: [1_764_000_000_123, 1_764_000_000_124, 1_764_000_000_125],
  frame: [Uint8Array.of(0x23, 0x23, 0x02, 0xfe), Uint8Array.of(), Uint8Array.of(0x00, 0xff, 0x10)],
  telemetry: [
    snapshot('LVIN00000000000A1'),
    snapshot('LVIN00000000000B2', { reissue: true, fixValid: false, lng: null, lat: null, alarmLevel: 0, speedKmh: null, plate: '' }),
  ],
});

const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('raw frame batch codec', () => {
  it('round-trips every column, raw bytes as hex, and snapshots with nulls and sentinels', () => {
    const b = batch();
    const decoded = decodeRawFrameBatch(encodeRawFrameBatch(b));
    const { frame, ...columns } = b;
    expect(decoded).toEqual({ ...columns, hex: frame.map(hexOf) });
    expect(rawFrameBatch.safeParse(decoded).success).toBe(true);
  });

  it('gives the same hex without Node\'s Buffer (as in a browser)', () => {
    const bytes = encodeRawFrameBatch(batch());
    const withBuffer = decodeRawFrameBatch(bytes);
    const g = globalThis as { Buffer?: unknown };
    const saved = g.Buffer;
    g.Buffer = undefined;
    try {
      expect(decodeRawFrameBatch(bytes)).toEqual(withBuffer);
    } finally {
      g.Buffer = saved;
    }
  });

  it('round-trips an empty batch and one with snapshots only', () => {
    const empty: RawFrameBatchOut = { id: [], tenantId: [], vin: [], command: [], receivedAt: [], frame: [], telemetry: [] };
    expect(decodeRawFrameBatch(encodeRawFrameBatch(empty))).toEqual({ id: [], tenantId: [], vin: [], command: [], receivedAt: [], hex: [], telemetry: [] });
    const snaps = { ...empty, telemetry: [snapshot('V1')] };
    expect(decodeRawFrameBatch(encodeRawFrameBatch(snaps)).telemetry).toEqual([snapshot('V1')]);
  });

  it('is far smaller than the JSON of the same batch', () => {
    const b = batch();
    const json = JSON.stringify({ ...b, frame: undefined, hex: b.frame.map(hexOf) });
    expect(encodeRawFrameBatch(b).length).toBeLessThan(json.length / 2);
  });

  it('still reads the JSON batches of earlier gateways', () => {
    const json = { id: ['1'], tenantId: ['000000'], vin: ['V'], command: [2], receivedAt: [5], hex: ['2323'], telemetry: [snapshot('V')] };
    expect(decodeRawFrameBatch(new TextEncoder().encode(JSON.stringify(json)))).toEqual(json);
  });

  it('refuses every truncation of a batch', () => {
    const bytes = encodeRawFrameBatch(batch());
    for (let len = 0; len < bytes.length; len++) expect(() => decodeRawFrameBatch(bytes.subarray(0, len)), `length ${len}`).toThrow(/raw frame batch/);
  });

  it('refuses garbled batches: trailing bytes, unknown version, bad string number, level or flags, negative id, non-UTF-8 text', () => {
    const good = encodeRawFrameBatch(batch());
    const garbled = (edit: (b: Uint8Array, dv: DataView) => void) => {
      const b = Uint8Array.from(good);
      edit(b, new DataView(b.buffer));
      return b;
    };
    const strings = new DataView(good.buffer).getUint32(12, true);
    let o = 16;
    for (let i = 0; i < strings; i++) o += 2 + new DataView(good.buffer).getUint16(o, true);
    const ids = o;
    const tenants = ids + 3 * 8;
    const snapshotAt = good.length - 2 * 170;
    const cases = [
      Uint8Array.of(...good, 0),
      garbled((b) => void (b[3] = 9)),
      garbled((_b, dv) => dv.setUint32(tenants, 99, true)),
      garbled((b) => void (b[snapshotAt + 33] = 5)),
      garbled((b) => void (b[snapshotAt + 32] = 0x80)),
      garbled((_b, dv) => dv.setBigInt64(ids, -1n, true)),
      garbled((b) => void (b[18] = 0xff)),
      garbled((_b, dv) => dv.setFloat64(snapshotAt + 16, 1.5, true)),
      new TextEncoder().encode('{"id":["1"]}'),
      new TextEncoder().encode('{not json'),
      Uint8Array.of(1, 2, 3),
    ];
    for (const [i, c] of cases.entries()) expect(() => decodeRawFrameBatch(c), `case ${i}`).toThrow(/raw frame batch/);
  });

  it('never yields a batch its schema refuses, whatever bytes it is given', () => {
    const good = encodeRawFrameBatch(batch());
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), (edits) => {
        const b = Uint8Array.from(good);
        for (const [at, v] of edits) b[at] = v;
        let decoded;
        try {
          decoded = decodeRawFrameBatch(b);
        } catch {
          return;
        }
        expect(rawFrameBatch.safeParse(decoded).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
