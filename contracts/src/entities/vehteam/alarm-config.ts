import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';
import { ALARM_RULE_FIELDS } from '../../alarm-rules/registry.ts';

/**
 * Thresholds of the alarms the platform raises itself (beside those the vehicle reports), per
 * organisation: a row governs the vehicles of its organisation and below, the deepest enabled
 * row winning; an empty threshold turns that rule off. The threshold fields are the alarm
 * rules' own (alarm-rules/registry.ts).
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
    ...ALARM_RULE_FIELDS,
    isEnabled: f.bool('启用', 'Enabled', { default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
