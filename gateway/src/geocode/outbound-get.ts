import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Outbound } from '../outbound/outbound-policy.ts';

/** A geocoder answers a few hundred bytes; more is not an answer. */
const MAX_BYTES = 64 * 1024;

/**
 * GET of a JSON document through the outbound policy: the address the policy checked is the one
 * dialled (the request's lookup answers it), the URL's host still names the site (Host, TLS SNI).
 * Rejects on a refusal, a status other than 200, a body past MAX_BYTES, bad JSON or `timeoutMs`.
 */
export async function outboundGetJson(outbound: Outbound, url: URL, timeoutMs: number): Promise<unknown> {
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') throw new Error(`unsupported protocol ${url.protocol}`);
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  const target = await outbound.resolve(url.hostname, port);
  const lookup: LookupFunction = (_host, options, done) => {
    if (options.all) done(null, [{ address: target.address, family: target.family }]);
    else done(null, target.address, target.family);
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, { lookup, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`HTTP ${res.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) req.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
