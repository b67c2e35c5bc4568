/**
 * The real clients of the channels: SMTP e-mail (nodemailer), DingTalk, WeCom and Feishu group
 * robots, Standard Webhooks, Alibaba Cloud and Tencent Cloud SMS. Each throws a DeliveryError
 * saying whether another attempt may succeed; every HTTP link goes through the outbound policy.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { OutboundRefused } from '../outbound/outbound-policy.ts';
import type { NotifyChannelType } from '@wdiov/contracts/entities/base/notify';
import type { AlarmSummary, RenderedMessage } from './alarm-message.ts';
import { outboundPost, type HttpAnswer } from './outbound-http.ts';
import { acs3Sign, aliyunQuery, dingTalkSign, feishuSign, standardWebhookSignature, tc3Authorization } from './signers.ts';

/** A channel as the senders need it: its secret already opened. */
export interface OpenChannel {
  id: string;
  channelType: NotifyChannelType;
  target?: string;
  smsProvider?: string;
  accessKey?: string;
  secret?: string;
  signName?: string;
  templateCode?: string;
  smsAppId?: string;
}

export interface Delivery {
  /** Same on every attempt of one notification (the webhook-id receivers de-duplicate on). */
  key: string;
  /** E-mail address or phone number for e-mail and SMS channels; the target otherwise. */
  recipient: string;
  message: RenderedMessage;
  alarms: AlarmSummary[];
}

export class DeliveryError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface SenderDeps {
  outbound: Outbound;
  /** The SMTP server's URL (SMTP_URL or the platform's `notify.smtpUrl`); undefined: e-mail cannot be sent. */
  smtpUrl: () => Promise<string | undefined>;
  smtpFrom: string;
  now?: () => number;
}

const RETRYABLE_HTTP = new Set([408, 425, 429, 500, 502, 503, 504]);
const json = { 'content-type': 'application/json; charset=utf-8' };

async function post(deps: SenderDeps, url: string, body: string, headers: Record<string, string>): Promise<HttpAnswer> {
  try {
    return await outboundPost(deps.outbound, url, body, headers);
  } catch (err) {
    if (err instanceof OutboundRefused) throw new DeliveryError(`target not allowed by the outbound policy (${err.reason})`, false);
    throw new DeliveryError(`no answer: ${(err as Error).message}`, true);
  }
}

function answerOf(a: HttpAnswer): Record<string, unknown> {
  if (RETRYABLE_HTTP.has(a.status)) throw new DeliveryError(`HTTP ${a.status}`, true);
  try {
    return JSON.parse(a.text) as Record<string, unknown>;
  } catch {
    throw new DeliveryError(`HTTP ${a.status}: not a JSON answer`, a.status >= 500);
  }
}

/** A robot's answer: success is a zero code in the body (HTTP 200 either way); rate limits are worth another try. */
function robotAnswer(a: HttpAnswer, codeKey: 'errcode' | 'code', limited: number[]) {
  const body = answerOf(a);
  const code = Number(body[codeKey]);
  if (code !== 0) throw new DeliveryError(`${codeKey} ${body[codeKey]}: ${String(body.errmsg ?? body.msg ?? '')}`.slice(0, 400), limited.includes(code));
}

const textOf = (m: RenderedMessage) => [m.title, ...m.lines].join('\n');
const needTarget = (c: OpenChannel) => {
  if (!c.target) throw new DeliveryError('the channel has no target URL', false);
  return c.target;
};

/** UTF-8 bytes at most `max`, cut on a character boundary (WeCom counts bytes). */
const cutBytes = (s: string, max: number) => {
  if (Buffer.byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > max - 3) break;
    out += ch;
  }
  return out + '...';
};

/** One e-mail as the SMTP sender takes it (alarm notifications, scheduled reports with their files). */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends one e-mail through the configured SMTP server; a DeliveryError says whether another attempt may succeed. */
export async function sendMail(deps: Pick<SenderDeps, 'smtpUrl' | 'smtpFrom'>, mail: MailMessage): Promise<void> {
  const url = await deps.smtpUrl();
  if (!url) throw new DeliveryError('no SMTP server is configured', false);
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({ from: deps.smtpFrom, ...mail });
  } catch (err) {
    const e = err as { code?: string; responseCode?: number; message: string };
    // 4xx answers and lost connections pass; 5xx (bad address, refused login) will not.
    throw new DeliveryError(`SMTP ${e.responseCode ?? e.code ?? ''}: ${e.message}`.slice(0, 400), !e.responseCode || e.responseCode < 500);
  } finally {
    transport.close();
  }
}

function email(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  return sendMail(deps, { to: d.recipient, subject: d.message.title, text: d.message.lines.join('\n'), headers: { 'X-Alarm-Id': d.alarms.map((a) => a.id).join(',') } });
}

async function dingtalk(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const url = new URL(needTarget(c));
  if (c.secret) {
    const ms = (deps.now ?? Date.now)();
    url.searchParams.set('timestamp', String(ms));
    url.searchParams.set('sign', dingTalkSign(c.secret, ms));
  }
  const body = JSON.stringify({ msgtype: 'markdown', markdown: { title: d.message.title, text: [`### ${d.message.title}`, ...d.message.lines.map((l) => `- ${l}`)].join('\n') } });
  robotAnswer(await post(deps, url.toString(), body, json), 'errcode', [130101]);
}

async function wecom(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const content = cutBytes([`**${d.message.title}**`, ...d.message.lines.map((l) => `> ${l}`)].join('\n'), 4096);
  robotAnswer(await post(deps, needTarget(c), JSON.stringify({ msgtype: 'markdown', markdown: { content } }), json), 'errcode', [45009]);
}

async function feishu(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const s = Math.floor((deps.now ?? Date.now)() / 1000);
  const signed = c.secret ? { timestamp: String(s), sign: feishuSign(c.secret, s) } : {};
  const body = JSON.stringify({ ...signed, msg_type: 'text', content: { text: textOf(d.message) } });
  robotAnswer(await post(deps, needTarget(c), body, json), 'code', [11232]);
}

async function webhook(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const ts = Math.floor((deps.now ?? Date.now)() / 1000);
  const body = JSON.stringify({ type: 'alarm.raised', timestamp: new Date(ts * 1000).toISOString(), data: { title: d.message.title, lines: d.message.lines, link: d.message.link ?? null, alarms: d.alarms } });
  const headers: Record<string, string> = { ...json, 'webhook-id': d.key, 'webhook-timestamp': String(ts) };
  if (c.secret) headers['webhook-signature'] = standardWebhookSignature(c.secret, d.key, ts, body);
  const a = await post(deps, needTarget(c), body, headers);
  if (a.status >= 200 && a.status < 300) return;
  throw new DeliveryError(`HTTP ${a.status}`, RETRYABLE_HTTP.has(a.status));
}

/** The four values an SMS template gets: plate, alarm, level, time. */
const smsValues = (d: Delivery) => {
  const a = d.alarms[0]!;
  const more = d.alarms.length > 1 ? ` +${d.alarms.length - 1}` : '';
  return { plate: a.plate + more, alarm: a.name.zh, level: String(a.level), time: new Date(a.startTime).toISOString().slice(0, 19).replace('T', ' ') };
};

async function aliyunSms(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const endpoint = new URL(c.target || 'https://dysmsapi.aliyuncs.com/');
  const query = { PhoneNumbers: d.recipient, SignName: c.signName ?? '', TemplateCode: c.templateCode ?? '', TemplateParam: JSON.stringify(smsValues(d)), OutId: d.key };
  const headers = acs3Sign({
    method: 'POST', query, accessKeyId: c.accessKey ?? '', accessKeySecret: c.secret ?? '',
    headers: { host: endpoint.host, 'x-acs-action': 'SendSms', 'x-acs-version': '2017-05-25', 'x-acs-date': new Date((deps.now ?? Date.now)()).toISOString().replace(/\.\d{3}Z$/, 'Z'), 'x-acs-signature-nonce': randomUUID() },
  });
  const url = `${endpoint.origin}/?${aliyunQuery(query)}`;
  const body = answerOf(await post(deps, url, '', headers));
  if (body.Code !== 'OK') throw new DeliveryError(`${String(body.Code)}: ${String(body.Message ?? '')}`.slice(0, 400), body.Code === 'isv.BUSINESS_LIMIT_CONTROL' || body.Code === 'Throttling');
}

async function tencentSms(c: OpenChannel, d: Delivery, deps: SenderDeps) {
  const endpoint = new URL(c.target || 'https://sms.tencentcloudapi.com/');
  const v = smsValues(d);
  const phone = d.recipient.startsWith('+') ? d.recipient : `+86${d.recipient}`;
  const body = JSON.stringify({ PhoneNumberSet: [phone], SmsSdkAppId: c.smsAppId ?? '', SignName: c.signName ?? '', TemplateId: c.templateCode ?? '', TemplateParamSet: [v.plate, v.alarm, v.level, v.time], SessionContext: d.key });
  const ts = Math.floor((deps.now ?? Date.now)() / 1000);
  const contentType = 'application/json; charset=utf-8';
  const authorization = tc3Authorization({ secretId: c.accessKey ?? '', secretKey: c.secret ?? '', service: 'sms', host: endpoint.hostname, contentType, body, timestampS: ts });
  const headers = { 'content-type': contentType, authorization, 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-guangzhou', 'x-tc-timestamp': String(ts) };
  const answer = answerOf(await post(deps, endpoint.toString(), body, headers)).Response as { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] } | undefined;
  if (answer?.Error) throw new DeliveryError(`${answer.Error.Code}: ${answer.Error.Message}`.slice(0, 400), answer.Error.Code === 'RequestLimitExceeded');
  const status = answer?.SendStatusSet?.[0];
  if (status?.Code !== 'Ok') throw new DeliveryError(`${status?.Code ?? 'no status'}: ${status?.Message ?? ''}`.slice(0, 400), false);
}

/** Sends one delivery through its channel; resolves once the provider accepted it. */
export function sendThrough(c: OpenChannel, d: Delivery, deps: SenderDeps): Promise<void> {
  switch (c.channelType) {
    case 'email': return email(c, d, deps);
    case 'dingtalk': return dingtalk(c, d, deps);
    case 'wecom': return wecom(c, d, deps);
    case 'feishu': return feishu(c, d, deps);
    case 'webhook': return webhook(c, d, deps);
    case 'sms': return c.smsProvider === 'tencent' ? tencentSms(c, d, deps) : aliyunSms(c, d, deps);
  }
}
