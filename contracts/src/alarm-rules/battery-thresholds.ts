import { z } from 'zod';
import { f } from '../entity/fields.ts';
import { configured, configuredLevel, defineAlarmRule, reading } from './define-alarm-rule.ts';

/** State of charge below the organisation's floor. */
export const socLowRule = defineAlarmRule({
  type: 'platform:lowSoc',
  name: { zh: 'SOC过低报警', en: 'Low SOC alarm' },
  level: 2,
  source: 'platform',
  kind: 'frame',
  params: z.object({ lowSocPercent: configured(z.number().min(0).max(100)), alarmLevel: configuredLevel(2) }),
  fields: { lowSocPercent: f.int('低SOC阈值(%)', 'Low SOC (%)', { min: 0, max: 100 }) },
  evaluate: ({ snapshot }, p) => {
    const soc = reading(snapshot.socPercent);
    return soc !== undefined && soc < p.lowSocPercent ? p.alarmLevel : false;
  },
});

/** Highest and lowest cell voltage further apart than the organisation allows. */
export const cellSpreadRule = defineAlarmRule({
  type: 'platform:cellSpread',
  name: { zh: '单体压差过大报警', en: 'Cell voltage spread alarm' },
  level: 2,
  source: 'platform',
  kind: 'frame',
  params: z.object({ cellSpreadMv: configured(z.number().min(0).max(5000)), alarmLevel: configuredLevel(2) }),
  fields: { cellSpreadMv: f.int('单体压差阈值(mV)', 'Cell voltage spread (mV)', { min: 0, max: 5000 }) },
  evaluate: ({ snapshot }, p) => {
    const max = reading(snapshot.maxCellVoltageV);
    const min = reading(snapshot.minCellVoltageV);
    return max !== undefined && min !== undefined && (max - min) * 1000 > p.cellSpreadMv ? p.alarmLevel : false;
  },
});

/** The hottest probe above the organisation's limit. */
export const overTemperatureRule = defineAlarmRule({
  type: 'platform:overTemperature',
  name: { zh: '温度过高报警', en: 'Over-temperature alarm' },
  level: 2,
  source: 'platform',
  kind: 'frame',
  params: z.object({ maxTempC: configured(z.number().min(-40).max(210)), alarmLevel: configuredLevel(2) }),
  fields: { maxTempC: f.int('最高温度阈值(℃)', 'Max temperature (°C)', { min: -40, max: 210 }) },
  evaluate: ({ snapshot }, p) => {
    const temp = reading(snapshot.maxTempC);
    return temp !== undefined && temp > p.maxTempC ? p.alarmLevel : false;
  },
});
