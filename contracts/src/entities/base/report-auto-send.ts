import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { EMAILS, TIME_OF_DAY } from './patterns.ts';

/** A report mailed on a schedule to a list of addresses and/or console users. */
export const reportAutoSend = defineEntity({
  ...BASE,
  name: 'reportAutoSend',
  path: 'reportAutoSend',
  table: 'wdiov_report_auto_send',
  title: { zh: '报表自动发送', en: 'Scheduled report' },
  fields: {
    reportName: f.text('任务名称', 'Task name', { required: true, max: 64, search: 'like' }),
    reportType: f.dict('报表类型', 'Report type', 'report_type', { numeric: true, required: '请选择报表类型', search: 'equal' }),
    sendCycle: f.dict('发送周期', 'Cycle', 'send_cycle', { numeric: true, required: '请选择发送周期', search: 'equal' }),
    sendTime: f.text('发送时间', 'Send at', { required: true, max: 5, ...TIME_OF_DAY }),
    receiverEmails: f.text('接收邮箱', 'Recipients', { max: 1000, multiline: true, ...EMAILS }),
    receiverUserIds: f.ref('接收用户', 'Recipient users', 'user', 'realName', { multiple: true, list: false }),
    orgId: f.ref('统计组织', 'Organisation', 'org', 'orgName', { search: 'equal' }),
    isEnabled: f.bool('启用', 'Enabled', { default: 1, search: 'equal' }),
    lastSendTime: f.datetime('上次发送时间', 'Last sent', { readOnly: true, form: false }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
