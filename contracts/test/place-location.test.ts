import { describe, expect, it } from 'vitest';
import { distanceText, locationText, nearPlaceText } from '../src/geo/place-location.ts';

describe('location text', () => {
  it('words a near place in both languages, adding the kind only when the name lacks it', () => {
    expect(nearPlaceText({ kind: 'chargeStation', name: '南山', distanceM: 320 }, 'zh')).toBe('近 南山充电站 320 m');
    expect(nearPlaceText({ kind: 'chargeStation', name: '南山', distanceM: 320 }, 'en')).toBe('320 m from 南山 charging station');
    expect(nearPlaceText({ kind: 'serviceStation', name: 'Bay service station', distanceM: 1500 }, 'en')).toBe('1.5 km from Bay service station');
    expect(nearPlaceText({ kind: 'fence', name: '一号园区围栏', distanceM: 0 }, 'zh')).toBe('近 一号园区围栏 0 m');
  });

  it('prefers the online address, else district and place, else either alone', () => {
    const place = { kind: 'storage' as const, name: '前海', distanceM: 80 };
    expect(locationText({ address: '深圳市南山区科技园', district: '广东省深圳市', place }, 'en')).toBe('深圳市南山区科技园');
    expect(locationText({ address: '', district: '广东省深圳市', place }, 'zh')).toBe('广东省深圳市 近 前海仓库 80 m');
    expect(locationText({ address: '', district: '广东省深圳市', place }, 'en')).toBe('80 m from 前海 storage, 广东省深圳市');
    expect(locationText({ address: '', district: '上海市' }, 'en')).toBe('上海市');
    expect(locationText({ address: '', district: '', place }, 'zh')).toBe('近 前海仓库 80 m');
    expect(locationText({ address: '', district: '' }, 'zh')).toBe('');
  });

  it('rounds distances to what a reader needs', () => {
    expect([distanceText(0), distanceText(999.4), distanceText(1000), distanceText(9_950), distanceText(12_400)]).toEqual(['0 m', '999 m', '1.0 km', '9.9 km', '12 km']);
  });
});
