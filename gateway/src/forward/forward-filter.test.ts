import { describe, expect, it } from 'vitest';
import type { RawFrameBatch } from '@wdiov/contracts';
import { Command, encodeFrame, gbTimeFromEpochMs } from '@wdiov/contracts/protocol/index';
import { forwardTargets, selectFrames } from './forward-filter.ts';
import { startOfDayMs } from './forward-config.ts';

const T0 = Date.UTC(2026, 10, 26, 2, 0, 0); // 10:00 Beijing time
const frame = (vin: string, time: number, command: number = Command.realtime) => Buffer.from(encodeFrame({
  edition: '2016', command, responseFlag: 0xfe, vin, encryption: 1,
  body: { kind: 'realtime', time: gbTimeFromEpochMs(time), items: [] },
})).toString('hex');

/** One batch of frames: [vin, collection time, received at, command?]. */
function batch(rows: [string, number, number, number?][], tenantId = '000000'): RawFrameBatch {
  return {
    id: rows.map((_, i) => String(i + 1)), tenantId: rows.map(() => tenantId), vin: rows.map((r) => r[0]),
    command: rows.map((r) => r[3] ?? Command.realtime), receivedAt: rows.map((r) => r[2]), hex: rows.map((r) => frame(r[0], r[1], r[3])),
  };
}

const bound = [
  { vin: 'VIN00000000000001', vehicleId: '1', fromMs: 0 },
  { vin: 'VIN00000000000002', vehicleId: '2', fromMs: 0 },
  { vin: 'VIN00000000000003', vehicleId: '3', fromMs: startOfDayMs('2026-11-27') },
];
const targets = forwardTargets('000000', bound, ['VIN00000000000002']);
const WINDOW = 10_000;

describe('frames forwarded to a platform', () => {
  it('only bound vehicles of the platform tenant, never a blacklisted one, nothing but realtime and reissue', () => {
    const b = batch([
      ['VIN00000000000001', T0, T0], ['VIN00000000000002', T0, T0], ['VIN0000000000000X', T0, T0], ['VIN00000000000001', T0 + 1000, T0 + 1000, Command.heartbeat],
    ]);
    b.hex[3] = Buffer.from(encodeFrame({ edition: '2016', command: Command.heartbeat, responseFlag: 0xfe, vin: 'VIN00000000000001', encryption: 1, body: { kind: 'empty' } })).toString('hex');
    const out = selectFrames([b, batch([['VIN00000000000001', T0, T0]], '000001')], targets, T0, WINDOW);
    expect(out.map((f) => [f.vin, f.vehicleId, f.command])).toEqual([['VIN00000000000001', '1', Command.realtime]]);
  });

  it('from the start date on (Beijing midnight), not before', () => {
    const midnight = Date.UTC(2026, 10, 26, 16, 0, 0); // 2026-11-27 00:00 Beijing
    const out = selectFrames([batch([['VIN00000000000003', midnight - 1000, midnight], ['VIN00000000000003', midnight, midnight]])], targets, midnight, WINDOW);
    expect(out.map((f) => f.time)).toEqual([midnight]);
    expect(startOfDayMs(null)).toBe(0);
  });

  it('frames that waited past the live window go as reissue, oldest first, before the live ones', () => {
    const now = T0 + 60_000;
    const b = batch([
      ['VIN00000000000001', T0 + 2000, T0 + 2000],
      ['VIN00000000000001', now - 1000, now - 1000],
      ['VIN00000000000001', T0, T0 + 30_000],
      ['VIN00000000000001', T0 + 1000, now - 500, Command.reissue],
    ]);
    const out = selectFrames([b], targets, now, WINDOW);
    expect(out.map((f) => [f.time - T0, f.command])).toEqual([
      [0, Command.reissue], [1000, Command.reissue], [2000, Command.reissue], [59_000, Command.realtime],
    ]);
  });
});
