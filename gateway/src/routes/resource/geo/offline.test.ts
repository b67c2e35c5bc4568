import { describe, expect, it } from 'vitest';
import { CITIES } from './cities.ts';
import { PROVINCES } from './provinces.ts';
import { inChina, locate } from './offline.ts';

describe('offline reverse geocoding data', () => {
  it('has the 34 provincial-level divisions with GB/T 2260 codes, each point inside its own box', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES.map((p) => p[0])).size).toBe(34);
    for (const [code, name, minLng, minLat, maxLng, maxLat, lng, lat] of PROVINCES) {
      expect(code, name).toMatch(/^\d{2}0000$/);
      expect(lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat, name).toBe(true);
    }
  });

  it('has well over 100 prefecture-level cities with unique six-digit codes', () => {
    const named = CITIES.filter((c) => c[1] !== '');
    expect(named.length).toBeGreaterThan(300);
    expect(new Set(CITIES.map((c) => c[0])).size).toBe(CITIES.length);
    for (const row of CITIES) {
      expect(row[0]).toMatch(/^\d{6}$/);
      expect((row.length - 2) % 2, row[0]).toBe(0);
    }
  });

  it('places every known point in China, in its own province, and every seat in its own city', () => {
    const wrong: string[] = [];
    for (const [code, name, ...coords] of CITIES) {
      for (let i = 0; i < coords.length; i += 2) {
        const hit = locate(coords[i]!, coords[i + 1]!);
        const seat = i === 0 && name !== '';
        if (!hit) wrong.push(`${code} ${name} #${i / 2}: outside`);
        else if (hit.provinceCode.slice(0, 2) !== code.slice(0, 2)) wrong.push(`${code} ${name} #${i / 2}: ${hit.province}`);
        else if (seat && hit.cityCode !== code) wrong.push(`${code} ${name}: city ${hit.city}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers outside China for neighbouring capitals and the open sea', () => {
    for (const [lng, lat] of [[139.69, 35.69], [125.75, 39.03], [126.98, 37.57], [106.91, 47.92], [105.85, 21.03],
      [85.32, 27.71], [77.21, 28.61], [71.45, 51.17], [37.62, 55.75], [125, 30], [-74, 40.7], [116.4, -39.9]] as const) {
      expect(inChina(lng, lat), `${lng},${lat}`).toBe(false);
    }
  });

  it('names province and city, a municipality once', () => {
    expect(locate(114.0579, 22.5431)).toEqual({ formattedAddress: '广东省深圳市', province: '广东省', provinceCode: '440000', city: '深圳市', cityCode: '440300' });
    expect(locate(116.397, 39.909)?.formattedAddress).toBe('北京市');
    expect(locate(108.41, 30.81)?.formattedAddress).toBe('重庆市');
    expect(locate(114.17, 22.3)).toMatchObject({ province: '香港特别行政区', city: '' });
    expect(locate(121.52, 25.05)?.formattedAddress).toBe('台湾省');
    expect(locate(87.6, 43.8)?.formattedAddress).toBe('新疆维吾尔自治区乌鲁木齐市');
    expect(locate(120.15, 30.28)?.formattedAddress).toBe('浙江省杭州市');
  });

  it('places towns that are not in the data in their province (and mostly their city)', () => {
    const towns: [string, number, number, string, string?][] = [
      ['昆山', 120.98, 31.39, '320000', '320500'], ['义乌', 120.07, 29.31, '330000', '330700'], ['晋江', 118.55, 24.78, '350000', '350500'],
      ['顺德', 113.29, 22.84, '440000', '440600'], ['宁安', 129.47, 44.34, '230000', '231000'], ['都江堰', 103.62, 31.0, '510000', '510100'],
      ['阳朔', 110.49, 24.78, '450000', '450300'], ['曲阜', 116.99, 35.58, '370000', '370800'], ['平遥', 112.17, 37.19, '140000', '140700'],
      ['三河', 117.08, 39.99, '130000', '131000'], ['石河子', 86.04, 44.31, '650000'], ['婺源', 117.86, 29.25, '360000'],
      ['阿尔山', 119.94, 47.18, '150000', '152200'], ['漠河', 122.53, 52.97, '230000', '232700'], ['格尔木', 94.9, 36.4, '630000', '632800'],
    ];
    for (const [name, lng, lat, province, city] of towns) {
      const hit = locate(lng, lat);
      expect(hit?.provinceCode, name).toBe(province);
      if (city) expect(hit?.cityCode, name).toBe(city);
    }
  });
});
