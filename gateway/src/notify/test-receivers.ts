/**
 * Local stand-ins of the providers for tests: each verifies a request exactly as its provider
 * does (signature, timestamp window) and answers as it answers, recording what it accepted.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { dingTalkSign, feishuSign, standardWebhookSignature } from './signers.ts';

export interface Received {
  channel: 'webhook' | 'dingtalk' | 'wecom' | 'feishu';
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface ReceiverSecrets {
  webhook: string;
  dingToken: string;
  dingSecret: string;
  wecomKey: string;
  feishuHook: string;
  feishuSecret: string;
}

export async function startReceivers(s: ReceiverSecrets, answer?: (channel: Received['channel'], count: number) => number | undefined) {
  const inbox: Received[] = [];
  const rejected: string[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const reply = (status: number, o: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      const take = (channel: Received['channel']) => {
        const n = (counts.get(channel) ?? 0) + 1;
        counts.set(channel, n);
        return answer?.(channel, n);
      };
      if (url.pathname === '/hooks/alarm') {
        const id = String(req.headers['webhook-id'] ?? ''), ts = Number(req.headers['webhook-timestamp']);
        const sig = String(req.headers['webhook-signature'] ?? '');
        const ok = Math.abs(Date.now() / 1000 - ts) <= 300 && sig.split(' ').some((v) => same(v, standardWebhookSignature(s.webhook, id, ts, raw)));
        if (!ok) return (rejected.push('webhook'), reply(401, { error: 'bad signature' }));
        const forced = take('webhook');
        if (forced) return reply(forced, {});
        inbox.push({ channel: 'webhook', headers: req.headers, body: JSON.parse(raw) });
        return reply(204, {});
      }
      if (url.pathname === '/robot/send') {
        if (url.searchParams.get('access_token') !== s.dingToken) return reply(200, { errcode: 300001, errmsg: 'token is not exist' });
        const ts = url.searchParams.get('timestamp') ?? '', sign = url.searchParams.get('sign') ?? '';
        if (!ts || Math.abs(Date.now() - Number(ts)) > 3_600_000) return (rejected.push('dingtalk'), reply(200, { errcode: 310000, errmsg: 'invalid timestamp' }));
        if (!same(sign, dingTalkSign(s.dingSecret, ts))) return (rejected.push('dingtalk'), reply(200, { errcode: 310000, errmsg: 'sign not match' }));
        if (take('dingtalk') === 130101) return reply(200, { errcode: 130101, errmsg: 'send too fast' });
        inbox.push({ channel: 'dingtalk', headers: req.headers, body: JSON.parse(raw) });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/cgi-bin/webhook/send') {
        if (url.searchParams.get('key') !== s.wecomKey) return reply(200, { errcode: 93000, errmsg: 'invalid webhook url' });
        const b = JSON.parse(raw) as { markdown?: { content: string } };
        if (Buffer.byteLength(b.markdown?.content ?? '') > 4096) return reply(200, { errcode: 40058, errmsg: 'markdown.content exceed max length 4096' });
        take('wecom');
        inbox.push({ channel: 'wecom', headers: req.headers, body: b as Record<string, unknown> });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === `/open-apis/bot/v2/hook/${s.feishuHook}`) {
        const b = JSON.parse(raw) as { timestamp: string; sign: string };
        if (Math.abs(Date.now() / 1000 - Number(b.timestamp)) > 3600 || !same(String(b.sign ?? ''), feishuSign(s.feishuSecret, b.timestamp)))
          return (rejected.push('feishu'), reply(200, { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' }));
        take('feishu');
        inbox.push({ channel: 'feishu', headers: req.headers, body: b });
        return reply(200, { code: 0, msg: 'success', data: {} });
      }
      reply(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  return { base, inbox, rejected, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export const RECEIVER_SECRETS: ReceiverSecrets = {
  webhook: 'whsec_' + Buffer.from('a-webhook-secret-of-32-bytes-ok!').toString('base64'),
  dingToken: 'tok123', dingSecret: 'SECding-secret', wecomKey: 'wecom-key', feishuHook: 'hook-abc', feishuSecret: 'feishu-secret',
};
