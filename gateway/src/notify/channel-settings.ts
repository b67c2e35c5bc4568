import type { Prepare } from '../crud/behaviours.ts';
import { badRequest } from '../lib/api-error.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { notifyText } from '../lib/texts/notify-text.ts';
import type { SecretBox } from './secret-box.ts';

const ROBOTS = new Set(['dingtalk', 'wecom', 'feishu', 'webhook']);
const SMS_SETTINGS = [
  ['accessKey', { zh: '访问密钥ID', en: 'access key ID' }],
  ['signName', { zh: '短信签名', en: 'SMS signature' }],
  ['templateCode', { zh: '短信模板', en: 'SMS template' }],
] as const;
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * A channel's settings fit its type (robots and webhooks post to a URL, SMS needs its account,
 * e-mail goes to people), checked on the stored row merged with the submit. A secret given is
 * sealed before it is stored; one left out (or empty) keeps the stored one.
 */
export const channelSettings = (box: SecretBox): Prepare => async (values, { repo, principal, mode, id }) => {
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const row = { ...stored, ...values };
  const type = String(row.channelType ?? '');
  const out = { ...values };
  if (ROBOTS.has(type) || (type === 'sms' && !blank(row.target))) {
    if (blank(row.target)) throw badRequest(`${notifyText('targetRequired')} [target]`);
    if (!/^https?:\/\/[^\s/]+/i.test(String(row.target))) throw badRequest(`${notifyText('targetUrl')} [target]`);
  }
  if (type === 'email' && !blank(row.target)) throw badRequest(`${notifyText('emailNoTarget')} [target]`);
  if (type === 'sms') {
    if (blank(row.smsProvider)) throw badRequest(`${notifyText('providerRequired')} [smsProvider]`);
    const settings = row.smsProvider === 'tencent' ? [...SMS_SETTINGS, ['smsAppId', { zh: '短信应用ID', en: 'SMS app ID' }] as const] : SMS_SETTINGS;
    for (const [field, label] of settings) if (blank(row[field])) throw badRequest(`${notifyText('smsSetting', { label: label[requestLanguage()] })} [${field}]`);
  }
  if (blank(values.secret)) {
    delete out.secret;
  } else {
    const plain = String(values.secret);
    if (plain.length > 512) throw badRequest(`${notifyText('secretTooLong')} [secret]`);
    out.secret = box.seal(plain);
    out.hasSecret = 1;
  }
  return out;
};
