import { describe, expect, it } from 'vitest';
import { REGION_ROOT } from '@wdiov/contracts';
import { REGION_LEVEL, regionRows } from './regions.ts';

describe('the region dataset', () => {
  const rows = regionRows();
  const byCode = new Map(rows.map((r) => [r.code, r]));

  it('holds the 34 provincial-level divisions, their cities and districts, by six-digit code', () => {
    const provinces = rows.filter((r) => r.parentCode === REGION_ROOT);
    expect(provinces).toHaveLength(34);
    expect(provinces.every((p) => p.regionLevel === REGION_LEVEL.province && /^\d{2}0000$/.test(p.code))).toBe(true);
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['北京市', '上海市', '广东省', '台湾省', '香港特别行政区', '澳门特别行政区']));
    expect(rows.filter((r) => r.regionLevel === REGION_LEVEL.city).length).toBeGreaterThan(330);
    expect(rows.filter((r) => r.regionLevel === REGION_LEVEL.district).length).toBeGreaterThan(2800);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('gives every region a parent one level up, its ancestors, and the province and city it lies in', () => {
    for (const r of rows) {
      if (r.parentCode === REGION_ROOT) continue;
      const parent = byCode.get(r.parentCode);
      expect(parent, r.code).toBeDefined();
      expect(r.regionLevel).toBe(parent!.regionLevel + 1);
      expect(r.ancestors).toBe(`${parent!.ancestors},${parent!.code}`);
      expect(r.provinceCode).toBe(`${r.code.slice(0, 2)}0000`);
    }
    expect(byCode.get('310104')).toMatchObject({
      name: '徐汇区', parentCode: '310100', ancestors: '00,310000,310100',
      provinceCode: '310000', provinceName: '上海市', cityCode: '310100', cityName: '上海市', districtCode: '310104', districtName: '徐汇区',
    });
  });
});
