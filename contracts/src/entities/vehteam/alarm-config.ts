import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/**
 * Thresholds of the alarms the platform raises itself (beside those the vehicle reports),
 * per organisation; an empty threshold disables that rule. Field names are the ones the alarm
 * engine reads (gateway/src/alarms/rules-provider.ts).
 */
export const alarmConfig = defineEntity({
  ...VEHTEAM,
  name: 'alarmConfig',
  caches: ['rules'],
  path: 'alarmConfig',
  table: 'wdiov_alarm_config',
  title: { zh: '报警配置', en: 'Alarm rules' },
  fields: {
    configName: f.text('配置名称', 'Name', { required: true, max: 64, search: 'like' }),
    orgId: f.ref('适用组织', 'Organisation', 'org', 'orgName', { required: '请选择适用组织', search: 'equal' }),
    alarmLevel: f.dict('报警等级', 'Alarm level', 'alarm_level', { numeric: true, required: '请选择报警等级', default: 1, search: 'equal' }),
    overspeedKmh: f.int('超速阈值(km/h)', 'Overspeed (km/h)', { min: 1, max: 220 }),
    overspeedSeconds: f.int('超速持续(秒)', 'Overspeed lasting (s)', { min: 0, max: 3600, list: false }),
    lowSocPercent: f.int('低SOC阈值(%)', 'Low SOC (%)', { min: 0, max: 100 }),
    cellSpreadMv: f.int('单体压差阈值(mV)', 'Cell voltage spread (mV)', { min: 0, max: 5000 }),
    maxTempC: f.int('最高温度阈值(℃)', 'Max temperature (°C)', { min: -40, max: 210 }),
    offlineMinutes: f.int('离线时长阈值(分钟)', 'Offline after (min)', { min: 1, max: 43200 }),
    isEnabled: f.bool('启用', 'Enabled', { default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
