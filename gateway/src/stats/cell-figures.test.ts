import { describe, expect, it } from 'vitest';
import { diffVoltageProbability, samplesOf, temperatureHops, voltageRank, voltageScatter, type CellSample } from './cell-figures.ts';
import { cellFrameHex } from './stats-fixture.ts';

const sample = (ts: number, volts: number[], temps: number[] = []): CellSample => ({
  ts, cells: volts.map((voltage, i) => ({ packNo: 1, cellNo: i + 1, voltage })), probes: temps.map((temperature, i) => ({ packNo: 1, probeNo: i + 1, temperature })),
});

describe('cell analytics', () => {
  it('decodes the cell voltages and probe temperatures of stored frames, skipping what is not a realtime report', () => {
    const samples = samplesOf([
      { ts: 1, hex: cellFrameHex('LCELLS00000000001', 1_700_000_000_000, [3.301, 3.305, 'invalid'], [25, 26]) },
      { ts: 2, hex: 'deadbeef' },
    ]);
    expect(samples).toEqual([{ ts: 1, cells: [{ packNo: 1, cellNo: 1, voltage: 3.301 }, { packNo: 1, cellNo: 2, voltage: 3.305 }],
      probes: [{ packNo: 1, probeNo: 1, temperature: 25 }, { packNo: 1, probeNo: 2, temperature: 26 }] }]);
  });

  it('ranks cells by mean voltage with their spread and deviation from the pack', () => {
    const rank = voltageRank([sample(1, [3.30, 3.40, 3.35]), sample(2, [3.32, 3.38, 3.35])]);
    expect(rank.map((r) => [r.rank, r.cellNo, r.avgVoltage, r.minVoltage, r.maxVoltage, r.samples])).toEqual([
      [1, 2, 3.39, 3.38, 3.4, 2], [2, 3, 3.35, 3.35, 3.35, 2], [3, 1, 3.31, 3.3, 3.32, 2],
    ]);
    expect(rank[0]!.deviationMv).toBeCloseTo(40, 1);
  });

  it('scatters the newest sample with cells', () => {
    expect(voltageScatter([sample(1, [3.3]), sample(2, [3.4, 3.5]), sample(3, [], [20])])).toEqual({
      ts: 2, points: [{ packNo: 1, cellNo: 1, voltage: 3.4 }, { packNo: 1, cellNo: 2, voltage: 3.5 }],
    });
    expect(voltageScatter([])).toEqual({ ts: null, points: [] });
  });

  it('gives the probability of each 10 mV spread bucket', () => {
    const buckets = diffVoltageProbability([sample(1, [3.300, 3.305]), sample(2, [3.300, 3.308]), sample(3, [3.300, 3.325]), sample(4, [3.3])]);
    expect(buckets).toEqual([
      { fromMv: 0, toMv: 10, count: 2, probability: 66.67 },
      { fromMv: 20, toMv: 30, count: 1, probability: 33.33 },
    ]);
  });

  it('lists probe readings that jump at least 5 °C between frames', () => {
    const hops = temperatureHops([sample(1, [], [25, 30]), sample(2, [], [26, 36]), sample(3, [], [20, 36])]);
    expect(hops.map((h) => [h.ts, h.previousTs, h.probeNo, h.fromC, h.toC, h.deltaC])).toEqual([[2, 1, 2, 30, 36, 6], [3, 2, 1, 26, 20, -6]]);
  });
});
