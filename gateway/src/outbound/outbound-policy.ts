/**
 * Every link the gateway opens for a tenant (forwarding to a superior platform, webhooks, chat
 * robots) asks `resolve(host, port)` first and connects to the address it answers, never to the
 * name again: the address checked is the address dialled, so a name that resolves elsewhere the
 * second time (DNS rebinding) gains nothing.
 *
 * A link goes only to what the operator listed: `OUTBOUND_ALLOW` and the platform tenant's
 * `outbound.allow` parameter (hosts, `*.domain`, addresses, CIDRs). The public chat-robot hosts
 * are allowed by default while they resolve to public addresses. A listed name may resolve to
 * anything; an unlisted one is refused, and so is any loopback, link-local or private address
 * not listed itself.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AllowList, entriesOf, isSpecialAddress, normalizeAddress } from './address-ranges.ts';

/** Hosts of the chat robots (DingTalk, WeCom, Feishu), reachable without being listed. */
export const PUBLIC_ROBOT_HOSTS: readonly string[] = ['oapi.dingtalk.com', 'qyapi.weixin.qq.com', 'open.feishu.cn'];

/** The platform tenant's parameter listing more hosts and networks. */
export const OUTBOUND_ALLOW_PARAM = 'outbound.allow';

export type RefusalReason = 'badPort' | 'badHost' | 'unresolved' | 'notAllowed';

/** A link the policy does not open. Its detail is for the gateway's log, never for the tenant. */
export class OutboundRefused extends Error {
  constructor(readonly host: string, readonly port: number, readonly reason: RefusalReason, readonly addresses: readonly string[] = []) {
    super(`outbound link to ${host}:${port} refused (${reason}${addresses.length ? `: ${addresses.join(', ')}` : ''})`);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundTarget {
  host: string;
  /** The address to connect to (checked). */
  address: string;
  family: 4 | 6;
  port: number;
}

export interface OutboundOptions {
  /** Entries of OUTBOUND_ALLOW. */
  allow: readonly string[];
  /** The `outbound.allow` parameter of the platform tenant (read again after `cacheMs`). */
  platformAllow?: () => Promise<string | undefined>;
  /** Name resolution (every address of a name); dns.lookup by default. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
  cacheMs?: number;
}

export interface Outbound {
  /** The address to connect to for host:port, or an OutboundRefused rejection. */
  resolve(host: string, port: number): Promise<OutboundTarget>;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

export function createOutbound(o: OutboundOptions): Outbound {
  const lookup = o.lookup ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));
  const cacheMs = o.cacheMs ?? 10_000;
  let cached: { at: number; list: Promise<AllowList> } | undefined;

  const allowList = (): Promise<AllowList> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.list;
    const list = (o.platformAllow?.() ?? Promise.resolve(undefined))
      // An unreadable parameter adds nothing; OUTBOUND_ALLOW still holds.
      .catch(() => undefined)
      .then((extra) => new AllowList([...o.allow, ...entriesOf(extra)]));
    cached = { at: Date.now(), list };
    return list;
  };

  return {
    async resolve(rawHost, port) {
      const host = String(rawHost ?? '').trim().replace(/^\[(.*)\]$/, '$1');
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw new OutboundRefused(host, port, 'badPort');
      const literal = isIP(host) !== 0;
      if (!literal && !HOST_NAME.test(host)) throw new OutboundRefused(host, port, 'badHost');
      let addresses: string[];
      if (literal) addresses = [host];
      else {
        try {
          addresses = (await lookup(host)).map((a) => a.address);
        } catch {
          throw new OutboundRefused(host, port, 'unresolved');
        }
      }
      const list = await allowList();
      const named = !literal && list.hasName(host);
      const robot = !literal && PUBLIC_ROBOT_HOSTS.includes(host.toLowerCase().replace(/\.$/, ''));
      for (const address of addresses) {
        const a = normalizeAddress(address);
        if (!a) continue;
        if (named || list.hasAddress(a.address) || (robot && !isSpecialAddress(a.address))) {
          return { host, address: a.address, family: a.family === 'ipv4' ? 4 : 6, port };
        }
      }
      throw new OutboundRefused(host, port, 'notAllowed', addresses);
    },
  };
}
