/**
 * Request signatures of the providers notifications go through, exactly as their documents
 * define them (gateway tests check each against the providers' published examples).
 */
import { createHash, createHmac } from 'node:crypto';

const sha256hex = (m: string | Buffer) => createHash('sha256').update(m).digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8');

/** DingTalk robot 加签: Base64(HMAC-SHA256(key = secret, `${ms}\n${secret}`)); sent URL-encoded once in the query. */
export const dingTalkSign = (secret: string, timestampMs: number | string) => hmac(secret, `${timestampMs}\n${secret}`).digest('base64');

/** Feishu custom bot: Base64(HMAC-SHA256(key = `${seconds}\n${secret}`, empty message)); sent in the JSON body. */
export const feishuSign = (secret: string, timestampS: number | string) => hmac(`${timestampS}\n${secret}`, '').digest('base64');

/**
 * Standard Webhooks: `v1,` + Base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), the key being
 * the base64 after `whsec_` (a secret without that prefix is used as its UTF-8 bytes).
 */
export function standardWebhookSignature(secret: string, id: string, timestampS: number, body: string): string {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestampS}.${body}`, 'utf8').digest('base64');
}

/** RFC 3986 percent-encoding as Alibaba Cloud signs it (space %20, `!'()*` encoded, `~` kept). */
export const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

export const aliyunQuery = (params: Record<string, string>) =>
  Object.keys(params).sort().map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`).join('&');

export interface Acs3Request {
  method: string;
  path?: string;
  query: Record<string, string>;
  /** host and every x-acs-* header but x-acs-content-sha256. */
  headers: Record<string, string>;
  body?: string;
  accessKeyId: string;
  accessKeySecret: string;
}

/** Alibaba Cloud V3 signature (ACS3-HMAC-SHA256): the headers to send, Authorization included. */
export function acs3Sign(r: Acs3Request): Record<string, string> {
  const lower: Record<string, string> = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  lower['x-acs-content-sha256'] = sha256hex(r.body ?? '');
  const signed = Object.keys(lower).filter((k) => k === 'host' || k === 'content-type' || k.startsWith('x-acs-')).sort();
  const canonical = [r.method, r.path ?? '/', aliyunQuery(r.query), signed.map((k) => `${k}:${lower[k]}\n`).join(''), signed.join(';'), lower['x-acs-content-sha256']].join('\n');
  const signature = hmac(r.accessKeySecret, 'ACS3-HMAC-SHA256\n' + sha256hex(canonical)).digest('hex');
  return { ...lower, authorization: `ACS3-HMAC-SHA256 Credential=${r.accessKeyId},SignedHeaders=${signed.join(';')},Signature=${signature}` };
}

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  service: string;
  /** Host without its port, as Tencent Cloud signs it. */
  host: string;
  contentType: string;
  body: string;
  timestampS: number;
}

/** Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) of a POST: the Authorization header. */
export function tc3Authorization(r: Tc3Request): string {
  const date = new Date(r.timestampS * 1000).toISOString().slice(0, 10);
  const canonical = ['POST', '/', '', `content-type:${r.contentType}\nhost:${r.host}\n`, 'content-type;host', sha256hex(r.body)].join('\n');
  const scope = `${date}/${r.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(r.timestampS), scope, sha256hex(canonical)].join('\n');
  const signing = hmac(hmac(hmac('TC3' + r.secretKey, date).digest(), r.service).digest(), 'tc3_request').digest();
  return `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${hmac(signing, toSign).digest('hex')}`;
}
