import { describe, expect, it } from 'vitest';
import { ALARM_RULES, SAFETY_RULES, alarmRule, type VehicleState } from '../../src/alarm-rules/index.ts';
import { FAULT_ITEMS, GBT45688_FAULT_RULES, safetySettingsOf } from '../../src/alarm-rules/gbt45688/index.ts';
import { ALARM_FLAGS } from '../../src/protocol/alarm-flags.ts';
import type { Telemetry } from '../../src/nats/payloads.ts';

const reporting = (...keys: string[]): VehicleState => ({ snapshot: {} as Telemetry, reported: keys.map((key) => ({ key, level: 1 })) });

/** Table 1 of GB/T 45688 with the general alarm flag bit (Table A.6) each item reads. */
const TABLE_1: [string, number][] = [
  ['F1', 1], ['F2', 0], ['F3', 5], ['F4', 6], ['F5', 10], ['F6', 8], ['F7', 17], ['F8', 15], ['F9', 12], ['F10', 14], ['F11', 11], ['F12', 16],
];

describe('GB/T 45688 fault-monitoring items', () => {
  it('are twelve rules of the registry, F1…F12, each reading the flag bit Table A.6 gives it, none an alarm type', () => {
    expect(GBT45688_FAULT_RULES.map((r) => r.type)).toEqual(TABLE_1.map(([c]) => `gbt45688:${c}`));
    for (const [code, bit] of TABLE_1) {
      const rule = alarmRule(`gbt45688:${code}`)!;
      expect(SAFETY_RULES).toContain(rule);
      expect(ALARM_RULES).not.toContain(rule);
      expect(rule.kind).toBe('safety');
      expect(rule.reports).toBe(ALARM_FLAGS[bit]!.key);
    }
  });

  it.each(TABLE_1)('%s holds on a frame reporting its flag only, at the default level until the settings give another', (code, bit) => {
    const rule = alarmRule(`gbt45688:${code}`)!;
    const item = FAULT_ITEMS.find((i) => i.code === code)!;
    const own = ALARM_FLAGS[bit]!.key;
    const other = ALARM_FLAGS[bit === 0 ? 1 : 0]!.key;
    const defaults = rule.paramsOf({})!;
    expect(rule.evaluate!(reporting(own), defaults)).toBe(item.defaultLevel);
    expect(rule.evaluate!(reporting(other, 'socLow'), defaults)).toBe(false);
    const configured = safetySettingsOf({ [`gbt45688.${code}.level`]: item.defaultLevel === 3 ? '1' : '3' });
    const level = configured[`${code}.level` as `F${number}.level`];
    expect(level).toBe(item.defaultLevel === 3 ? 1 : 3);
    expect(rule.evaluate!(reporting(own), rule.paramsOf({ level })!)).toBe(level);
  });

  it('take levels 1–3 only, so the thermal event (level 4) stays above every item', () => {
    expect(safetySettingsOf({ 'gbt45688.F1.level': '4' })['F1.level']).toBe(3);
    expect(safetySettingsOf({ 'gbt45688.F1.level': 'high' })['F1.level']).toBe(3);
    expect(safetySettingsOf({ 'gbt45688.F9.level': '0' })['F9.level']).toBe(1);
    expect(alarmRule('gbt45688:F1')!.paramsOf({ level: 4 })).toBeUndefined();
    expect(alarmRule('gb:ressThermalEvent')!.level).toBe(4);
    expect(Math.max(...GBT45688_FAULT_RULES.map((r) => r.level))).toBeLessThan(4);
  });

  it('name every item in zh and en', () => {
    for (const r of GBT45688_FAULT_RULES) {
      expect(r.name.zh).toMatch(/^F\d+ .+故障$/);
      expect(r.name.en).toMatch(/^F\d+ [A-Z].* fault$/);
    }
  });
});
