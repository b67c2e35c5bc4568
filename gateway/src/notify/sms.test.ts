import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayOutbound } from '../outbound/gateway-outbound.ts';
import { renderMessage, type AlarmSummary } from './alarm-message.ts';
import { DeliveryError, sendThrough, type OpenChannel, type SenderDeps } from './channel-senders.ts';

/**
 * The SMS clients against local stand-ins of Alibaba Cloud's dysmsapi and Tencent Cloud's
 * SendSms that verify each request as those services document it, from the receiver's side.
 */
const sha256hex = (m: string | Buffer) => createHash('sha256').update(m).digest('hex');
const pct = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function verifyAcs3(req: IncomingMessage, raw: Buffer, secret: string): string {
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''));
  if (!m) return 'IncompleteSignature';
  if (sha256hex(raw) !== req.headers['x-acs-content-sha256']) return 'SignatureDoesNotMatch';
  if (Math.abs(Date.now() - Date.parse(String(req.headers['x-acs-date']))) > 15 * 60_000) return 'InvalidTimeStamp.Expired';
  const url = new URL(req.url ?? '/', 'http://x');
  const q = [...url.searchParams.keys()].sort().map((k) => `${pct(k)}=${pct(url.searchParams.get(k)!)}`).join('&');
  const names = m[2]!.split(';');
  const canonical = [req.method, url.pathname, q, names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''), m[2], sha256hex(raw)].join('\n');
  const expected = createHmac('sha256', secret).update('ACS3-HMAC-SHA256\n' + sha256hex(canonical)).digest('hex');
  return same(expected, m[3]!) ? 'ok' : 'SignatureDoesNotMatch';
}

function verifyTc3(req: IncomingMessage, raw: Buffer, secretKey: string): string {
  const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''));
  if (!m) return 'AuthFailure.InvalidAuthorization';
  const [, , date, service, signed, sig] = m as unknown as string[];
  const ts = Number(req.headers['x-tc-timestamp']);
  if (Math.abs(Date.now() / 1000 - ts) > 300) return 'AuthFailure.SignatureExpire';
  if (service !== 'sms' || date !== new Date(ts * 1000).toISOString().slice(0, 10)) return 'AuthFailure.SignatureFailure';
  const value = (h: string) => (h === 'host' ? String(req.headers.host).replace(/:\d+$/, '') : String(req.headers[h] ?? '')).trim().toLowerCase();
  const canonical = [req.method, '/', '', signed!.split(';').map((h) => `${h}:${value(h)}\n`).join(''), signed, sha256hex(raw)].join('\n');
  const k = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg).digest();
  const signing = k(k(k('TC3' + secretKey, date!), service!), 'tc3_request');
  const expected = createHmac('sha256', signing).update(['TC3-HMAC-SHA256', ts, `${date}/${service}/tc3_request`, sha256hex(canonical)].join('\n')).digest('hex');
  return same(expected, sig!) ? 'ok' : 'AuthFailure.SignatureFailure';
}

const got: { provider: string; verdict: string; params: Record<string, unknown> }[] = [];
let base = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/tencent')) {
      const verdict = verifyTc3(req, raw, 'tc-key');
      const body = JSON.parse(raw.toString('utf8')) as { PhoneNumberSet: string[] };
      got.push({ provider: 'tencent', verdict, params: body });
      if (verdict !== 'ok') return res.end(JSON.stringify({ Response: { Error: { Code: verdict, Message: 'The provided credentials could not be validated.' }, RequestId: 'r1' } }));
      return res.end(JSON.stringify({ Response: { RequestId: 'r2', SendStatusSet: body.PhoneNumberSet.map((p) => ({ PhoneNumber: p, Code: p.endsWith('0000') ? 'LimitExceeded.DeliveryFrequencyLimit' : 'Ok', Message: 'x' })) } }));
    }
    const verdict = verifyAcs3(req, raw, 'ali-secret');
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    got.push({ provider: 'aliyun', verdict, params });
    if (verdict !== 'ok') return res.writeHead(400).end(JSON.stringify({ Code: verdict, Message: 'Specified signature is not matched with our calculation.' }));
    if (params.PhoneNumbers === '13800000000') return res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }));
    res.end(JSON.stringify({ RequestId: 'r', Code: 'OK', Message: 'OK', BizId: '9006197469364984^0' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  base = `http://127.0.0.1:${a && typeof a === 'object' ? a.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const deps: SenderDeps = { outbound: gatewayOutbound({ OUTBOUND_ALLOW: '127.0.0.1' }), smtpUrl: async () => undefined, smtpFrom: 'x@y.z' };
const alarm: AlarmSummary = { id: 'a-1', kind: 'alarm', vin: 'LSMS0000000000001', vehicleId: '1', plate: '京A·12345', name: { zh: '超速报警', en: 'Overspeed alarm' }, level: 2, startTime: Date.now(), speedKmh: 98, lng: null, lat: null };
const delivery = (recipient: string) => ({ key: 'k-1', recipient, alarms: [alarm], message: renderMessage('zh', [alarm], { utcOffsetMin: 480 }) });

describe('SMS clients', () => {
  it('send through Alibaba Cloud with a V3 signature the service accepts, and report a business refusal as retryable', async () => {
    const channel: OpenChannel = { id: '1', channelType: 'sms', smsProvider: 'aliyun', target: `${base}/`, accessKey: 'ak', secret: 'ali-secret', signName: '车队平台', templateCode: 'SMS_123' };
    await sendThrough(channel, delivery('13900001111'), deps);
    const last = got.at(-1)!;
    expect(last).toMatchObject({ provider: 'aliyun', verdict: 'ok' });
    expect(JSON.parse(String(last.params.TemplateParam))).toMatchObject({ plate: '京A·12345', alarm: '超速报警', level: '2' });
    const limited = await sendThrough(channel, delivery('13800000000'), deps).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(DeliveryError);
    expect((limited as DeliveryError).retryable).toBe(true);
    const wrong = await sendThrough({ ...channel, secret: 'wrong' }, delivery('13900001111'), deps).catch((e: unknown) => e as DeliveryError);
    expect(got.at(-1)!.verdict).toBe('SignatureDoesNotMatch');
    expect((wrong as DeliveryError).message).toContain('SignatureDoesNotMatch');
    expect((wrong as DeliveryError).retryable).toBe(false);
  });

  it('send through Tencent Cloud with a TC3 signature the service accepts, per-number failures refused', async () => {
    const channel: OpenChannel = { id: '2', channelType: 'sms', smsProvider: 'tencent', target: `${base}/tencent`, accessKey: 'AKIDtest', secret: 'tc-key', signName: '车队平台', templateCode: '1110', smsAppId: '1400006666' };
    await sendThrough(channel, delivery('13711112222'), deps);
    expect(got.at(-1)).toMatchObject({ provider: 'tencent', verdict: 'ok', params: { PhoneNumberSet: ['+8613711112222'], TemplateParamSet: ['京A·12345', '超速报警', '2', expect.any(String)] } });
    await expect(sendThrough(channel, delivery('13800000000'), deps)).rejects.toThrow('LimitExceeded.DeliveryFrequencyLimit');
    await expect(sendThrough({ ...channel, secret: 'bad' }, delivery('13711112222'), deps)).rejects.toThrow('AuthFailure.SignatureFailure');
  });
});
