import { describe, expect, it } from 'vitest';
import type { AlarmCardData } from '@wdiov/contracts/live/socket-messages';
import { setLanguage, t } from '../i18n/i18n';
import { cardAddress, cardName, CRITICAL_COLOUR, fenceArrivalDeadline, levelColour, mostSevereFirst, speedText, viewNowPath } from './alarm-card-view';

const base: AlarmCardData = { type: 0, vin: 'LVIN0001', carPlate: '粤B1', espeed: 30, stime: '2025-01-01 08:00:00', duration: 5, alarmType: '3', alarmName: '温度差异报警' };

describe('alarm card view', () => {
  it('espeed: −0.1 invalid, −0.2 abnormal, else km/h', () => {
    expect(speedText(-0.1, t)).toBe('无效');
    expect(speedText(-0.2, t)).toBe('异常');
    expect(speedText(42.5, t)).toBe('42.5 km/h');
  });

  it('view now goes to the alarm, fault or fence screen', () => {
    expect(viewNowPath(base)).toBe('/alarm/vehicleAlarm?vin=LVIN0001&alarmType=3');
    expect(viewNowPath({ ...base, type: 1 })).toBe('/alarm/vehicleFault?vin=LVIN0001');
    expect(viewNowPath({ ...base, type: 2 })).toBe('/fenceAccessRecord/index?vin=LVIN0001');
  });

  it('names the card by kind', () => {
    expect(cardName(base)).toBe('温度差异报警');
    expect(cardName({ ...base, type: 1, faultCode: 'P0A80' })).toBe('P0A80');
    expect(cardName({ ...base, type: 2, fenceName: '园区' })).toBe('园区');
  });

  it('names an alarm card by its rule, in the user\'s language', () => {
    const offline = { ...base, alarmType: 'platform:offline', alarmName: '离线超时报警' };
    expect(cardName(offline)).toBe('离线超时报警');
    setLanguage('en');
    try {
      expect(cardName(offline)).toBe('Offline timeout alarm');
      expect(cardName({ ...base, alarmType: 'gb:socLow', alarmName: 'SOC低报警' })).toBe('SOC low alarm');
      // A type no rule defines keeps the name it came with.
      expect(cardName(base)).toBe('温度差异报警');
    } finally {
      setLanguage('zh');
    }
  });

  it('fence arrival window ends 180 s after the access time', () => {
    expect(fenceArrivalDeadline('2025-01-01 08:00:00')).toBe('2025-01-01 08:03:00');
    expect(fenceArrivalDeadline(undefined)).toBe('');
    expect(fenceArrivalDeadline('garbage')).toBe('');
  });

  it('address: the given one, else the coordinates', () => {
    expect(cardAddress({ ...base, address: '深圳' })).toBe('深圳');
    expect(cardAddress({ ...base, elng: 114.1, elat: 22.5 })).toBe('114.100000, 22.500000');
    expect(cardAddress(base)).toBe('');
  });

  it('address: the location in words, in the user\'s language, before the zh text and the coordinates', () => {
    const card = { ...base, elng: 113.95, elat: 22.54, address: '广东省深圳市 近 科苑充电站 320 m',
      location: { address: '', district: '广东省深圳市', place: { kind: 'chargeStation' as const, name: '科苑', distanceM: 320 } } };
    try {
      setLanguage('en');
      expect(cardAddress(card)).toBe('320 m from 科苑 charging station, 广东省深圳市');
      setLanguage('zh');
      expect(cardAddress(card)).toBe('广东省深圳市 近 科苑充电站 320 m');
      expect(cardAddress({ ...card, location: { address: '深圳市南山区科苑路', district: '广东省深圳市' } })).toBe('深圳市南山区科苑路');
    } finally {
      setLanguage('zh');
    }
  });

  it('shows level 4 as the most urgent: its own colour, and first however old', () => {
    const levels = [1, 4, 2, 3];
    expect(levelColour({ ...base, level: 4 })).toBe(CRITICAL_COLOUR);
    expect(new Set([1, 2, 3, 4].map((level) => levelColour({ ...base, level }))).size).toBe(4);
    // Newest first in, most severe first out; equals keep their order.
    const items = [...levels, 4].map((level, key) => ({ key, card: { ...base, level } }));
    expect(mostSevereFirst(items).map((i) => i.key)).toEqual([1, 4, 3, 2, 0]);
    expect(mostSevereFirst([{ key: 0, card: { ...base, type: 2 as const } }, { key: 1, card: { ...base, level: 2 } }]).map((i) => i.key)).toEqual([1, 0]);
  });

  it('puts a card that began later before one that arrived later but began earlier (caught up after a reconnect)', () => {
    const live = { key: 0, card: { ...base, level: 2, stime: '2026-12-01 10:00:05' } };
    const caughtUp = { key: 1, card: { ...base, level: 2, stime: '2026-12-01 09:59:40' } };
    expect(mostSevereFirst([caughtUp, live]).map((i) => i.key)).toEqual([0, 1]);
  });
});
