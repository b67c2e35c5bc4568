import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** Kinds of notification channel; e-mail and SMS go to the team members' own addresses and phones. */
export const NOTIFY_CHANNEL_TYPES = ['email', 'sms', 'dingtalk', 'wecom', 'feishu', 'webhook'] as const;
export type NotifyChannelType = (typeof NOTIFY_CHANNEL_TYPES)[number];
/** SMS providers a channel of type sms sends through. */
export const SMS_PROVIDERS = ['aliyun', 'tencent'] as const;

/** Where a notification went: pending (waiting for its first or next attempt), sent, or given up. */
export const NotifyStatus = { pending: 0, sent: 1, failed: 2 } as const;

/**
 * A way alarms reach people beyond the console: an SMTP e-mail, an SMS account, a DingTalk,
 * WeCom or Feishu group robot, or a signed webhook. The secret (robot signing secret, webhook
 * key, SMS access secret) is stored encrypted and never answered; `hasSecret` says one is set.
 */
export const notifyChannel = defineEntity({
  ...BASE,
  name: 'notifyChannel',
  path: 'notifyChannel',
  table: 'wdiov_notify_channel',
  caches: ['channels'],
  title: { zh: '通知渠道', en: 'Notification channel' },
  fields: {
    channelName: f.text('渠道名称', 'Channel name', { required: true, max: 64, search: 'like' }),
    channelType: f.dict('渠道类型', 'Channel type', 'notify_channel_type', { required: '请选择渠道类型', search: 'equal', example: 'webhook' }),
    /** Robots and webhooks: the URL posted to. SMS: the provider's API endpoint when not its public one. E-mail: none. */
    target: f.text('目标地址', 'Target URL', { max: 500, example: 'https://oapi.dingtalk.com/robot/send?access_token=abc123' }),
    smsProvider: f.dict('短信服务商', 'SMS provider', 'notify_sms_provider', { list: false }),
    /** SMS: the AccessKey ID (Alibaba Cloud) or SecretId (Tencent Cloud). */
    accessKey: f.text('访问密钥ID', 'Access key ID', { max: 128, list: false }),
    secret: f.text('密钥', 'Secret', { max: 1500, writeOnly: true, list: false }),
    hasSecret: f.bool('已设密钥', 'Secret set', { default: 0, readOnly: true, form: false }),
    signName: f.text('短信签名', 'SMS signature', { max: 64, list: false }),
    templateCode: f.text('短信模板', 'SMS template', { max: 64, list: false }),
    /** Tencent Cloud: the SmsSdkAppId the template belongs to. */
    smsAppId: f.text('短信应用ID', 'SMS app ID', { max: 32, list: false }),
    /** The language of what robots and webhooks post (e-mail and SMS: the channel's too). */
    language: f.dict('消息语言', 'Message language', 'notify_language', { default: 'zh' }),
    channelStatus: f.dict('渠道状态', 'Channel status', 'notify_channel_status', { numeric: true, default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/**
 * One notification of an alarm to one recipient through one channel, written by the gateway
 * (never submitted): its attempts, the last error and the outcome. `deliveryKey` (alarm,
 * channel, recipient) is unique, so a redelivered job never sends twice.
 */
export const notifyRecord = defineEntity({
  ...BASE,
  name: 'notifyRecord',
  path: 'notifyRecord',
  table: 'wdiov_notify_record',
  title: { zh: '通知记录', en: 'Notification record' },
  fields: {
    alarmId: f.text('报警ID', 'Alarm ID', { max: 128, search: 'equal', readOnly: true, index: true }),
    carPlate: f.text('车牌号', 'Plate', { max: 32, search: 'like', readOnly: true }),
    alarmName: f.text('报警名称', 'Alarm', { max: 200, readOnly: true }),
    teamId: f.ref('处理组', 'Team', 'alarmHandleTeam', 'teamName', { search: 'equal', readOnly: true }),
    channelId: f.ref('通知渠道', 'Channel', 'notifyChannel', 'channelName', { search: 'equal', readOnly: true }),
    channelType: f.dict('渠道类型', 'Channel type', 'notify_channel_type', { search: 'equal', readOnly: true }),
    recipient: f.text('接收方', 'Recipient', { max: 500, search: 'like', readOnly: true }),
    sendStatus: f.dict('发送状态', 'Delivery', 'notify_status', { numeric: true, default: 0, search: 'equal', readOnly: true }),
    attempts: f.int('尝试次数', 'Attempts', { default: 0, readOnly: true }),
    lastError: f.text('最后错误', 'Last error', { max: 500, readOnly: true }),
    nextTime: f.datetime('下次尝试', 'Next attempt', { readOnly: true, list: false, index: true }),
    sentTime: f.datetime('发送时间', 'Sent at', { readOnly: true }),
    /** The gateway's key of (alarm, channel, recipient); unique, so the same notification is stored once. */
    deliveryKey: f.text('投递键', 'Delivery key', { max: 64, required: true, unique: true, list: false, form: false, example: 'delivery-key-0001' }),
    /** What is sent (subject, text, link …), kept so a retry sends the same message. */
    message: f.json('消息', 'Message', { readOnly: true, list: false, form: false }),
  },
});
