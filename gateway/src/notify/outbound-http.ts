import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Outbound } from '../outbound/outbound-policy.ts';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to a tenant's URL through the outbound policy: the address the policy checked is
 * the one dialled (the name is only the Host header and the TLS server name), redirects are not
 * followed, and the answer is cut at 64 KiB.
 */
export async function outboundPost(outbound: Outbound, rawUrl: string, body: string, headers: Record<string, string>, timeoutMs = 15_000): Promise<HttpAnswer> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported scheme ${url.protocol}`);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const target = await outbound.resolve(url.hostname, port);
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = send(url, {
      method: 'POST', lookup, timeout: timeoutMs, servername: url.hostname.replace(/^\[|\]$/g, ''),
      headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
