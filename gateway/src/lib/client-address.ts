import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The reverse proxies whose `X-Forwarded-For` counts (TRUST_PROXY: addresses and CIDRs,
 * comma-separated); empty: none, and the TCP peer is the client.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly any: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits] = entry.split('/') as [string, string | undefined];
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
    this.any = entries.length > 0;
  }

  trusts(address: string): boolean {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client behind a trusted proxy: the last `X-Forwarded-For` hop no trusted proxy added
   * (the hops to its left are whatever the client claims). Else the peer itself.
   */
  clientOf(peer: string, forwardedFor: string | undefined): string {
    if (!this.trusts(peer) || !forwardedFor) return peer;
    const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isIP(unmapped(hop))) return peer;
      if (!this.trusts(hop) || i === 0) return hop;
    }
    return peer;
  }
}

/** One TRUST_PROXY entry: an IP address, or a CIDR whose prefix fits its family. */
export function isProxyEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32);
}

const unmapped = (address: string) => (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

function peerOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not served by a Node server (an in-process request)
  }
}

const RESOLVED = 'clientAddress';

/** Resolves each request's client address once, for the sign-in limiter, the api log and the local-only doors. */
export function resolveClientAddress(proxies: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    const peer = peerOf(c);
    if (peer) c.set(RESOLVED as never, proxies.clientOf(peer, c.req.header('x-forwarded-for')) as never);
    await next();
  };
}

/** The client's address ('local' for in-process requests, as in tests). */
export function clientAddress(c: Context): string {
  return (c.get(RESOLVED as never) as string | undefined) ?? peerOf(c) ?? 'local';
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A request of this machine's own: a loopback client that no trusted proxy forwarded (behind a
 * proxy on this host every client comes from loopback, so then nothing counts as local).
 */
export function fromThisMachine(c: Context, proxies: TrustedProxies): boolean {
  if (proxies.any) return false;
  const peer = peerOf(c);
  return peer !== undefined && isIP(peer) !== 0 && LOOPBACK.test(peer);
}
