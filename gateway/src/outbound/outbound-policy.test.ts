import { describe, expect, it } from 'vitest';
import { isSpecialAddress, normalizeAddress } from './address-ranges.ts';
import { createOutbound, OutboundRefused } from './outbound-policy.ts';

/** A resolver whose answers the test sets, and which counts its calls. */
function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  return {
    calls,
    lookup: async (host: string) => {
      calls.push(host);
      const list = table[host];
      if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}

const reasonOf = (p: Promise<unknown>) => p.then(() => 'allowed', (e) => (e instanceof OutboundRefused ? e.reason : `threw ${String(e)}`));

describe('address ranges', () => {
  it('refuses loopback, private, link-local and shared ranges of both families, mapped IPv4 included', () => {
    for (const a of ['127.0.0.1', '10.2.3.4', '172.31.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '::1', '::', 'fe80::1', 'fd12:3456::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1', 'ff02::1', '224.0.0.1']) {
      expect(isSpecialAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '203.119.1.1', '2400:3200::1', '::ffff:8.8.8.8']) expect(isSpecialAddress(a), a).toBe(false);
  });

  it('reads an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(normalizeAddress('::ffff:7f00:1')).toEqual({ address: '127.0.0.1', family: 'ipv4' });
    expect(normalizeAddress('::FFFF:192.168.0.9')).toEqual({ address: '192.168.0.9', family: 'ipv4' });
    expect(normalizeAddress('2001:db8::1')?.family).toBe('ipv6');
    expect(normalizeAddress('not an address')).toBeUndefined();
  });
});

describe('outbound policy', () => {
  it('refuses an unlisted host and every private address unless listed', async () => {
    const dns = fakeDns({ 'platform.example.cn': ['203.0.114.5'], 'inside.example.cn': ['10.0.0.5'] });
    const out = createOutbound({ allow: [], lookup: dns.lookup });
    expect(await reasonOf(out.resolve('127.0.0.1', 5432))).toBe('notAllowed');
    expect(await reasonOf(out.resolve('::ffff:127.0.0.1', 4222))).toBe('notAllowed');
    expect(await reasonOf(out.resolve('[::1]', 4222))).toBe('notAllowed');
    expect(await reasonOf(out.resolve('platform.example.cn', 32960))).toBe('notAllowed');
    expect(await reasonOf(out.resolve('inside.example.cn', 32960))).toBe('notAllowed');
    expect(await reasonOf(out.resolve('nowhere.example.cn', 32960))).toBe('unresolved');
    expect(await reasonOf(out.resolve('a\r\nb', 32960))).toBe('badHost');
    expect(await reasonOf(out.resolve('8.8.8.8', 0))).toBe('badPort');
    expect(await reasonOf(out.resolve('8.8.8.8', 70000))).toBe('badPort');
  });

  it('opens what OUTBOUND_ALLOW lists: addresses, networks, names and domains', async () => {
    const dns = fakeDns({ 'gb.example.cn': ['10.9.0.3'], 'a.platforms.example.cn': ['192.168.5.5'], 'b.example.cn': ['10.1.2.3'] });
    const out = createOutbound({ allow: ['127.0.0.1', '10.1.0.0/16', 'gb.example.cn', '*.platforms.example.cn', 'fd00::/8'], lookup: dns.lookup });
    expect(await out.resolve('127.0.0.1', 32960)).toEqual({ host: '127.0.0.1', address: '127.0.0.1', family: 4, port: 32960 });
    // The mapped form of a listed address is the listed address.
    expect((await out.resolve('::ffff:127.0.0.1', 32960)).address).toBe('127.0.0.1');
    expect(await reasonOf(out.resolve('127.0.0.2', 32960))).toBe('notAllowed');
    expect((await out.resolve('b.example.cn', 1)).address).toBe('10.1.2.3');
    expect((await out.resolve('gb.example.cn', 1)).address).toBe('10.9.0.3');
    expect((await out.resolve('a.platforms.example.cn', 1)).address).toBe('192.168.5.5');
    expect((await out.resolve('fd00::7', 1)).family).toBe(6);
    expect(await reasonOf(out.resolve('10.2.0.1', 1))).toBe('notAllowed');
  });

  it('checks the address the name resolves to now, and answers that address to connect to', async () => {
    const table: Record<string, string[]> = { 'rebind.example.cn': ['10.1.0.9'] };
    const dns = fakeDns(table);
    const out = createOutbound({ allow: ['10.1.0.0/16'], lookup: dns.lookup });
    expect((await out.resolve('rebind.example.cn', 9)).address).toBe('10.1.0.9');
    table['rebind.example.cn'] = ['127.0.0.1'];
    expect(await reasonOf(out.resolve('rebind.example.cn', 9))).toBe('notAllowed');
    expect(dns.calls).toEqual(['rebind.example.cn', 'rebind.example.cn']);
    // A name answering a refused and an allowed address: the allowed one is the one to dial.
    table['rebind.example.cn'] = ['127.0.0.1', '10.1.3.3'];
    expect((await out.resolve('rebind.example.cn', 9)).address).toBe('10.1.3.3');
  });

  it('opens the chat-robot hosts by default while they resolve to public addresses', async () => {
    const table: Record<string, string[]> = { 'oapi.dingtalk.com': ['203.119.169.1'], 'qyapi.weixin.qq.com': ['::ffff:10.0.0.1'], 'open.feishu.cn': ['2400:3200::1'] };
    const out = createOutbound({ allow: [], lookup: fakeDns(table).lookup });
    expect((await out.resolve('oapi.dingtalk.com', 443)).address).toBe('203.119.169.1');
    expect((await out.resolve('open.feishu.cn', 443)).family).toBe(6);
    expect(await reasonOf(out.resolve('qyapi.weixin.qq.com', 443))).toBe('notAllowed');
  });

  it('adds the platform parameter to the list, read again once its cache ends', async () => {
    let param: string | undefined = '192.168.7.0/24, gb.example.cn';
    let reads = 0;
    const out = createOutbound({ allow: [], platformAllow: async () => (reads++, param), lookup: fakeDns({ 'gb.example.cn': ['10.3.3.3'] }).lookup, cacheMs: 0 });
    expect((await out.resolve('192.168.7.20', 1)).address).toBe('192.168.7.20');
    expect((await out.resolve('gb.example.cn', 1)).address).toBe('10.3.3.3');
    param = undefined;
    expect(await reasonOf(out.resolve('192.168.7.20', 1))).toBe('notAllowed');
    expect(reads).toBe(3);
  });
});
