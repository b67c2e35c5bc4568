import { describe, expect, it } from 'vitest';
import { ALARM_RULES, ALARM_RULE_FIELDS, alarmRule, alarmTypeName, overspeedRule, type VehicleState } from '../src/alarm-rules/index.ts';
import { BUSINESS_DICTIONARIES } from '../src/entities/business-dictionaries.ts';
import { alarmConfig } from '../src/entities/vehteam/alarm-config.ts';
import { ALARM_FLAGS } from '../src/protocol/alarm-flags.ts';
import type { Telemetry } from '../src/nats/payloads.ts';

const state = (over: Partial<Telemetry>, reported: VehicleState['reported'] = [], reportedLevel?: number): VehicleState => ({
  snapshot: { speedKmh: 0, socPercent: 80, maxCellVoltageV: 3.6, minCellVoltageV: 3.58, maxTempC: 30, ...over } as Telemetry,
  reported,
  reportedLevel,
});

describe('alarm rule registry', () => {
  it('keeps the codes stored rows use: every GB/T 32960 flag as gb:<key>, the platform rules, and offline', () => {
    const types = ALARM_RULES.map((r) => r.type);
    for (const flag of ALARM_FLAGS) expect(types).toContain(`gb:${flag.key}`);
    expect(types).toEqual(expect.arrayContaining(['platform:overspeed', 'platform:lowSoc', 'platform:cellSpread', 'platform:overTemperature', 'platform:offline']));
    expect(new Set(types).size).toBe(types.length);
  });

  it('names every type in zh and en', () => {
    for (const r of ALARM_RULES) {
      expect(r.name.zh.length, r.type).toBeGreaterThan(0);
      expect(r.name.en, r.type).toMatch(/^[A-Z][\x20-\x7e]*$/);
    }
    expect(alarmTypeName('gb:insulation', 'en')).toBe('Insulation resistance failure alarm');
    expect(alarmTypeName('platform:offline', 'zh')).toBe('离线超时报警');
    expect(alarmTypeName('ress:0102', 'zh')).toBeUndefined();
  });

  it('is the alarm_type dictionary, one item per rule in the registry\'s order', () => {
    const items = BUSINESS_DICTIONARIES.find(([code]) => code === 'alarm_type')![2];
    expect(items).toEqual(ALARM_RULES.map((r) => [r.type, r.name.zh]));
  });

  it('gives the alarm configuration its threshold fields', () => {
    for (const name of Object.keys(ALARM_RULE_FIELDS)) expect(alarmConfig.fields).toHaveProperty(name);
    expect(Object.keys(ALARM_RULE_FIELDS)).toEqual(['overspeedKmh', 'overspeedSeconds', 'lowSocPercent', 'cellSpreadMv', 'maxTempC', 'offlineMinutes']);
  });

  it('reads a rule\'s parameters from a configuration row; an empty threshold turns the rule off', () => {
    expect(overspeedRule.paramsOf({ overspeedKmh: 90, overspeedSeconds: null, alarmLevel: 3 })).toEqual({ overspeedKmh: 90, overspeedSeconds: 0, alarmLevel: 3 });
    expect(overspeedRule.paramsOf({ overspeedKmh: '90', overspeedSeconds: '15' })).toEqual({ overspeedKmh: 90, overspeedSeconds: 15, alarmLevel: 2 });
    expect(overspeedRule.paramsOf({ overspeedKmh: null })).toBeUndefined();
    expect(overspeedRule.paramsOf({ overspeedKmh: 'fast' })).toBeUndefined();
    expect(overspeedRule.paramsOf(undefined)).toBeUndefined();
    // The vehicle's own alarms need no configuration.
    expect(alarmRule('gb:insulation')!.paramsOf(undefined)).toEqual({});
  });

  it('evaluates protocol-neutral state', () => {
    const p = overspeedRule.paramsOf({ overspeedKmh: 100, alarmLevel: 3 })!;
    expect(overspeedRule.evaluate!(state({ speedKmh: 120 }), p)).toBe(3);
    expect(overspeedRule.evaluate!(state({ speedKmh: 100 }), p)).toBe(false);
    expect(overspeedRule.evaluate!(state({ speedKmh: 'invalid' }), p)).toBe(false);
    const insulation = alarmRule('gb:insulation')!;
    expect(insulation.evaluate!(state({}, [{ key: 'insulation' }], 3), {})).toBe(3);
    expect(insulation.evaluate!(state({}, [{ key: 'insulation', level: 9 }]), {})).toBe(4);
    expect(insulation.evaluate!(state({}, [{ key: 'socLow' }]), {})).toBe(false);
  });
});
