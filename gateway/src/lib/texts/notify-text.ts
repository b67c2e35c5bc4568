import { speaker } from '../request-language.ts';

/** The notification channels' answers (notify/). */
export const notifyText = speaker(
  {
    targetRequired: () => '请输入目标地址 (机器人或 Webhook 的 URL)',
    targetUrl: () => '目标地址应为 http(s) URL',
    emailNoTarget: () => '邮件渠道发往处理组成员的邮箱, 不填目标地址',
    providerRequired: () => '请选择短信服务商',
    smsSetting: ({ label }: { label: string }) => `短信渠道需要${label}`,
    secretTooLong: () => '密钥最多512个字符',
    channelMissing: ({ id }: { id: string }) => `通知渠道不存在: ${id}`,
    channelDisabled: () => '通知渠道已停用',
    noRecipient: () => '没有可发送的接收方 (邮件与短信发往当前用户的邮箱或手机号)',
    secretUnreadable: () => '密钥无法解密, 请重新设置密钥',
  },
  {
    targetRequired: () => 'Please enter the target (the robot or webhook URL)',
    targetUrl: () => 'The target must be an http(s) URL',
    emailNoTarget: () => 'An e-mail channel goes to the team members\' e-mail addresses: leave the target empty',
    providerRequired: () => 'Please choose the SMS provider',
    smsSetting: ({ label }) => `An SMS channel needs its ${label}`,
    secretTooLong: () => 'The secret is at most 512 characters',
    channelMissing: ({ id }) => `No such notification channel: ${id}`,
    channelDisabled: () => 'The notification channel is disabled',
    noRecipient: () => 'Nobody to send to (e-mail and SMS go to your own e-mail address or phone)',
    secretUnreadable: () => 'The secret cannot be decrypted: please set it again',
  },
);
