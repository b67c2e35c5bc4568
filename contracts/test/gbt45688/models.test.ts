import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SAFETY_SETTINGS, chemistryOf, clustered, dutyAbnormal, metresBetween, faultDeadline, hiddenDangerDeadline, hiddenDangerLevel, insulationLow, matrixAbnormal,
  matrixColumn, rangeRms, safetySettingsOf, samplingFault, standingDaysLeft,
} from '../../src/alarm-rules/gbt45688/index.ts';

const DAY = 86_400_000;

describe('GB/T 45688 Annex C models', () => {
  it('C.9 counts a frame low at or below 100 Ω per volt of its total voltage (kΩ on the wire)', () => {
    expect(insulationLow(50, 500, 100)).toBe(true);
    expect(insulationLow(49, 500, 100)).toBe(true);
    expect(insulationLow(51, 500, 100)).toBe(false);
    expect(insulationLow(undefined, 500, 100)).toBeUndefined();
    expect(insulationLow(10, 0, 100)).toBeUndefined();
  });

  it('C.6–C.8 judge the share of a run segment’s time above T0, once the segment is long enough', () => {
    // 30 minutes of readings, 7 of them hot: 23.3 % > 20 %.
    expect(dutyAbnormal(420, 1_800, 20, 1_800)).toBe(true);
    expect(dutyAbnormal(360, 1_800, 20, 1_800), 'exactly 20 % is not more than 20 %').toBe(false);
    expect(dutyAbnormal(1_000, 1_000, 20, 1_800), 'a short trip is no verdict').toBe(false);
    expect(dutyAbnormal(0, 0, 20, 0)).toBe(false);
    const s = DEFAULT_SAFETY_SETTINGS;
    expect([s['C6.limitC'], s['C7.limitC'], s['C8.limitC'], s['C6.percent'], s['C7.percent'], s['C8.percent']]).toEqual([80, 120, 90, 20, 20, 20]);
  });

  it('C.3 is the RMS of the charging samples’ max − min cell voltage', () => {
    expect(rangeRms(0.3 ** 2 + 0.4 ** 2 * 2 + 0.7 ** 2, 4)).toBeCloseTo(Math.sqrt((0.09 + 0.32 + 0.49) / 4));
    expect(rangeRms(0, 0)).toBe(0);
  });

  it('C.10 needs a wide spread, neighbouring extremes and deviations alike', () => {
    const flat = Array.from({ length: 10 }, () => 3.6);
    const broken = [...flat];
    broken[4] = 3.9;
    broken[5] = 3.3;
    expect(samplingFault(broken, 0.5, 0.8)).toBe(true);
    const apart = [...flat];
    apart[1] = 3.9;
    apart[7] = 3.3;
    expect(samplingFault(apart, 0.5, 0.8), 'extremes not adjacent').toBe(false);
    const narrow = [...flat];
    narrow[4] = 3.8;
    narrow[5] = 3.4;
    expect(samplingFault(narrow, 0.5, 0.8), 'dV below 0.5 V').toBe(false);
    const lopsided = [...flat];
    lopsided[4] = 4.0;
    lopsided[5] = 3.45;
    expect(samplingFault(lopsided, 0.5, 0.8), 'one cell drifting, not a pair').toBe(false);
    expect(samplingFault([3.6, 3.6], 0.5, 0.8)).toBe(false);
  });

  it('C.11a gives the days of standing left from SOC and self-discharge', () => {
    expect(standingDaysLeft(4, 1)).toBe(4);
    expect(standingDaysLeft(30, 2)).toBe(15);
  });

  it('C.1–C.5 read the matrix column of the pack’s chemistry; with T = 0, C = 0 one pass is abnormal', () => {
    const s = DEFAULT_SAFETY_SETTINGS;
    expect(matrixColumn(s, 'C1', 'ncm')!.limit).toBe(60);
    expect(matrixColumn(s, 'C1', 'lfp')!.limit).toBe(65);
    expect(matrixColumn(s, 'C2', 'ncm')!.limit).toBe(4.4);
    expect(matrixColumn(s, 'C5', 'lfp')!.limit).toBe(1.5);
    expect(matrixColumn(s, 'C4', undefined)).toBeUndefined();
    expect(matrixColumn(safetySettingsOf({ 'gbt45688.matrix.unknownChemistry': 'lfp' }), 'C4', undefined)!.limit).toBe(65);
    const col = matrixColumn(s, 'C1', 'ncm')!;
    expect(matrixAbnormal({ episodes: 0, longestS: 0 }, col)).toBe(false);
    expect(matrixAbnormal({ episodes: 1, longestS: 0 }, col)).toBe(true);
    const lenient = { limit: 60, allowedSeconds: 30, allowedCount: 2 };
    expect(matrixAbnormal({ episodes: 2, longestS: 30 }, lenient)).toBe(false);
    expect(matrixAbnormal({ episodes: 3, longestS: 10 }, lenient)).toBe(true);
    expect(matrixAbnormal({ episodes: 1, longestS: 31 }, lenient)).toBe(true);
    expect(chemistryOf('01')).toBe('lfp');
    expect(chemistryOf('04')).toBe('ncm');
    expect(chemistryOf(4)).toBe('ncm');
    expect(chemistryOf('08')).toBeUndefined();
  });
});

describe('GB/T 45688 Annex D deadlines', () => {
  it('faults: level 1 within 7 days, level 2 within 1 day, level 3 at once', () => {
    expect(faultDeadline(1000, 1)).toBe(1000 + 7 * DAY);
    expect(faultDeadline(1000, 2)).toBe(1000 + DAY);
    expect(faultDeadline(1000, 3)).toBe(1000);
  });

  it('hidden dangers: one in 24 h within 7 days, two or more within 1 day', () => {
    expect(hiddenDangerDeadline(1000, 1)).toBe(1000 + 7 * DAY);
    expect(hiddenDangerDeadline(1000, 2)).toBe(1000 + DAY);
    expect(hiddenDangerLevel(1)).toBe(1);
    expect(hiddenDangerLevel(3)).toBe(2);
  });
});

describe('GB/T 45688 settings', () => {
  it('default to the standard’s recommended values and take params that parse', () => {
    const s = DEFAULT_SAFETY_SETTINGS;
    expect([s['C9.ohmPerVolt'], s['C9.lowPerDay'], s['C3.rangeVolts'], s['C10.deltaVolts'], s['C11.offlineDaysCommercial'], s['C11.offlineDaysPrivate']])
      .toEqual([100, 5, 0.5, 0.5, 60, 90]);
    const set = safetySettingsOf({ 'gbt45688.C9.lowPerDay': '3', 'gbt45688.C10.outlier': '0.99', 'gbt45688.C9.dischargeOnly': 'true', 'other.key': '1' });
    expect(set['C9.lowPerDay']).toBe(3);
    expect(set['C10.outlier'], 'outside (0.7, 0.95)').toBe(0.8);
    expect(set['C9.dischargeOnly']).toBe(true);
  });
});

describe('GB/T 45688 C.12 long parking in clusters', () => {
  it('finds the parked vehicles with enough of the set within the radius, themselves counted', () => {
    expect(metresBetween({ lng: 114, lat: 22.5 }, { lng: 114, lat: 22.5 + 1 / 111.195 })).toBeCloseTo(1000, -1);
    const depot = Array.from({ length: 4 }, (_, i) => ({ key: `d${i}`, lng: 114 + i * 0.0005, lat: 22.5 }));
    const far = { key: 'far', lng: 114.05, lat: 22.5 };
    const found = clustered([...depot, far], 500, 4);
    expect([...found.keys()].sort()).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect(found.get('d0')).toBe(4);
    expect(clustered([...depot, far], 500, 5).size).toBe(0);
  });
});
