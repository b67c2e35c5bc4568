import { describe, expect, it } from 'vitest';
import { UnknownVinLog, type UnknownVinRow } from './unknown-vin-log.ts';

function log(maxRows = 100) {
  let now = 1_000_000;
  const rows: UnknownVinRow[] = [];
  const unknown = new UnknownVinLog((r) => rows.push(r), 60_000, maxRows, () => now);
  return { unknown, rows, pass: (ms: number) => void (now += ms) };
}

describe('the log of unknown VINs', () => {
  it('writes one row per VIN per interval, counting the frames between into the next', () => {
    const { unknown, rows, pass } = log();
    for (let i = 0; i < 500; i++) unknown.note('LUNKNOWN000000001', '10.0.0.1:5000');
    unknown.note('LUNKNOWN000000002', '10.0.0.2:5000');
    expect(rows).toEqual([
      { vin: 'LUNKNOWN000000001', remote: '10.0.0.1:5000', since: 0, unlogged: 0 },
      { vin: 'LUNKNOWN000000002', remote: '10.0.0.2:5000', since: 0, unlogged: 0 },
    ]);
    pass(59_999);
    unknown.note('LUNKNOWN000000001', '10.0.0.1:5000');
    expect(rows).toHaveLength(2);
    pass(1);
    unknown.note('LUNKNOWN000000001', '10.0.0.1:5001');
    expect(rows[2]).toEqual({ vin: 'LUNKNOWN000000001', remote: '10.0.0.1:5001', since: 500, unlogged: 0 });
  });

  it('writes at most the cap of rows per interval for made-up VINs, and says how many frames went unlogged', () => {
    const { unknown, rows, pass } = log(10);
    for (let i = 0; i < 10_000; i++) unknown.note(`LSPRAY${String(i).padStart(11, '0')}`, '10.0.0.9:1');
    expect(rows).toHaveLength(10);
    pass(60_000);
    unknown.note('LSPRAY99999999999', '10.0.0.9:1');
    expect(rows).toHaveLength(11);
    expect(rows[10]).toMatchObject({ vin: 'LSPRAY99999999999', unlogged: 9_990 });
  });
});
