import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { isProxyEntry, TrustedProxies } from './client-address.ts';

describe('the client address behind trusted proxies', () => {
  const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  it('takes the peer when no proxy is trusted, whatever the client forwards', () => {
    expect(new TrustedProxies([]).clientOf('127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
    expect(new TrustedProxies([]).any).toBe(false);
  });

  it('takes the peer when the peer is not a trusted proxy', () => {
    expect(proxies.clientOf('198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  });

  it('takes the hop the trusted proxy added, not what the client put before it', () => {
    expect(proxies.clientOf('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(proxies.clientOf('127.0.0.1', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    // Through two trusted proxies (an edge one in 10/8, then the local one).
    expect(proxies.clientOf('::ffff:127.0.0.1', '1.1.1.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(proxies.clientOf('fd00::5', '2001:db8::1')).toBe('2001:db8::1');
  });

  it('falls back to the peer on a hop that is no address, and to the first hop when every hop is a proxy', () => {
    expect(proxies.clientOf('127.0.0.1', 'evil, not-an-ip')).toBe('127.0.0.1');
    expect(proxies.clientOf('127.0.0.1', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
    expect(proxies.clientOf('127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('accepts addresses and CIDRs only as TRUST_PROXY entries', () => {
    expect(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', '0.0.0.0/0'].every(isProxyEntry)).toBe(true);
    expect(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', ''].some(isProxyEntry)).toBe(false);
    expect(loadEnv({ TRUST_PROXY: ' 127.0.0.1 , 10.0.0.0/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadEnv({}).TRUST_PROXY).toEqual([]);
    expect(() => loadEnv({ TRUST_PROXY: '127.0.0.1,proxy.local' })).toThrow(/TRUST_PROXY/);
  });
});
