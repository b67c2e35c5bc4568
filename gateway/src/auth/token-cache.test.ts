import { describe, expect, it } from 'vitest';
import { systemPrincipal } from '../crud/principal.ts';
import { TokenCache } from './token-cache.ts';

describe('TokenCache', () => {
  it('answers a remembered token until it expires, then forgets it', () => {
    const cache = new TokenCache();
    cache.set('t', { ...systemPrincipal('000000'), exp: 1_000 });
    expect(cache.get('t', 999)?.tenantId).toBe('000000');
    expect(cache.get('t', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('other', 0)).toBeUndefined();
  });

  it('hands out principals nobody can change', () => {
    const cache = new TokenCache();
    cache.set('t', { ...systemPrincipal('000000'), roleIds: ['1'], exp: 1_000 });
    const p = cache.get('t', 0)!;
    expect(() => (p.roleIds as string[]).push('2')).toThrow();
    expect(() => Object.assign(p, { tenantId: '000001' })).toThrow();
  });
});
