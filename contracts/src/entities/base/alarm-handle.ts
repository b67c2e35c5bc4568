import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/**
 * Who handles an alarm: teams are looked up by (level, alarmType) for alarms and by
 * (bcd, spn, fmi, field) for CAN faults (spec §6, §7 handleTeamByAlarmType / handleTeamByFaultCode).
 */
export const alarmHandleTeam = defineEntity({
  ...BASE,
  name: 'alarmHandleTeam',
  caches: ['teams'],
  path: 'alarmHandleTeam',
  table: 'wdiov_alarm_handle_team',
  title: { zh: '报警处理组', en: 'Alarm handling team' },
  fields: {
    teamName: f.text('处理组名称', 'Team name', { required: true, max: 64, search: 'like' }),
    teamType: f.dict('处理组类型', 'Team type', 'handle_team_type', { numeric: true, required: '请选择处理组类型', default: 1, search: 'equal' }),
    level: f.dict('报警等级', 'Alarm level', 'alarm_level', { numeric: true, search: 'equal' }),
    alarmType: f.dict('报警类型', 'Alarm type', 'alarm_type', { search: 'equal' }),
    userIds: f.ref('处理人员', 'Handlers', 'user', 'realName', { multiple: true, required: '请选择处理人员' }),
    /** Channels every alarm the team handles is sent to (its members' e-mail and phones for e-mail and SMS channels). */
    channelIds: f.ref('通知渠道', 'Notification channels', 'notifyChannel', 'channelName', { multiple: true, list: false }),
    /** An alarm the team has not handled this many minutes after it opened goes to the team of the next level too (empty: never). */
    escalateMinutes: f.int('升级时限(分钟)', 'Escalate after (minutes)', { min: 1, max: 10080, list: false }),
    bcd: f.text('BCD码', 'BCD', { max: 32, list: false }),
    spn: f.int('SPN', 'SPN', { min: 0, max: 524287, list: false }),
    fmi: f.int('FMI', 'FMI', { min: 0, max: 31, list: false }),
    /** The CAN-fault key's fourth part (spec: bcd, spn, fmi, field); opaque like bcd. */
    field: f.text('字段', 'Field', { max: 64, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/**
 * Whether an alarm type must be handled (acknowledged) by operators; one row per type. A type
 * without a row must be; one set to 0 is stored as handled by the system and raises no card.
 */
export const alarmHandleConfig = defineEntity({
  ...BASE,
  name: 'alarmHandleConfig',
  caches: ['rules'],
  path: 'alarmHandleConfig',
  table: 'wdiov_alarm_handle_config',
  title: { zh: '报警处理配置', en: 'Alarm handling config' },
  fields: {
    alarmType: f.dict('报警类型', 'Alarm type', 'alarm_type', { required: '请选择报警类型', unique: true, search: 'equal' }),
    alarmName: f.text('报警名称', 'Alarm name', { required: true, max: 64, search: 'like' }),
    isHandle: f.bool('需要处理', 'Must be handled', { default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
