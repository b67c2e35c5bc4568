/**
 * Address arithmetic of the outbound policy: the ranges no tenant may reach unless listed
 * (loopback, link-local, private, shared, multicast, reserved; IPv4 and IPv6), and the lists
 * of hosts and networks the operator allows, matched with `net.BlockList`.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';

export type Family = 'ipv4' | 'ipv6';

/** Networks a tenant's link may not reach by default. */
const SPECIAL: readonly [string, number, Family][] = [
  ['0.0.0.0', 8, 'ipv4'], ['10.0.0.0', 8, 'ipv4'], ['100.64.0.0', 10, 'ipv4'], ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.0.0.0', 24, 'ipv4'], ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'], ['198.18.0.0', 15, 'ipv4'], ['198.51.100.0', 24, 'ipv4'], ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], ['240.0.0.0', 4, 'ipv4'],
  // ::/96 also holds the unspecified address, loopback and the old IPv4-compatible form.
  ['::', 96, 'ipv6'], ['64:ff9b::', 96, 'ipv6'], ['64:ff9b:1::', 48, 'ipv6'], ['100::', 64, 'ipv6'], ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'], ['fe80::', 10, 'ipv6'], ['fec0::', 10, 'ipv6'], ['ff00::', 8, 'ipv6'],
];

const special = new BlockList();
for (const [net, prefix, family] of SPECIAL) special.addSubnet(net, prefix, family);

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined. */
function groupsOf(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * An address as links see it: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`)
 * is the IPv4 address it carries, so it meets the IPv4 rules.
 */
export function normalizeAddress(address: string): { address: string; family: Family } | undefined {
  if (isIPv4(address)) return { address, family: 'ipv4' };
  const g = groupsOf(address);
  if (!g || g.length !== 8) return undefined;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return { address: [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.'), family: 'ipv4' };
  }
  return { address: g.map((x) => x.toString(16)).join(':'), family: 'ipv6' };
}

/** Loopback, link-local, private and the other ranges refused unless listed. */
export function isSpecialAddress(address: string): boolean {
  const a = normalizeAddress(address);
  return !a || special.check(a.address, a.family);
}

/** Hosts and networks an operator listed: `10.1.0.0/16`, `127.0.0.1`, `fd00::/8`, `platform.example.cn`, `*.example.cn`. */
export class AllowList {
  private readonly networks = new BlockList();
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  /** Entries that are neither a host name nor a network (reported, not used). */
  readonly ignored: string[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (entry === '') continue;
      if (!this.addNetwork(entry)) {
        if (/^\*\.[a-z0-9.-]+$/.test(entry)) this.suffixes.push(entry.slice(1));
        else if (/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(entry)) this.names.add(entry.replace(/\.$/, ''));
        else this.ignored.push(raw);
      }
    }
  }

  private addNetwork(entry: string): boolean {
    const [net, prefixText, extra] = entry.split('/');
    const a = normalizeAddress(net!);
    if (!a || extra !== undefined) return false;
    const mapped = a.family === 'ipv4' && !isIPv4(net!);
    const full = a.family === 'ipv4' ? 32 : 128;
    let prefix = prefixText === undefined ? full : Number(prefixText);
    // A mapped network (::ffff:10.0.0.0/104) is the IPv4 network it carries.
    if (mapped && prefixText !== undefined) prefix -= 96;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > full || (prefixText !== undefined && !/^\d+$/.test(prefixText))) return false;
    this.networks.addSubnet(a.address, prefix, a.family);
    return true;
  }

  hasName(host: string): boolean {
    const name = host.toLowerCase().replace(/\.$/, '');
    return this.names.has(name) || this.suffixes.some((s) => name.endsWith(s));
  }

  hasAddress(address: string): boolean {
    const a = normalizeAddress(address);
    return Boolean(a && this.networks.check(a.address, a.family));
  }
}

/** A comma- (or whitespace-) separated list as entries. */
export const entriesOf = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);
