import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './request-guard.ts';

describe('nestsDeeperThan', () => {
  it('counts the nesting of arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[{{{{' }), 1)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still inside it.
    expect(nestsDeeperThan(JSON.stringify({ a: '"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\' }) + '[[', 1)).toBe(true);
    expect(nestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });

  it('stops at the first level past the limit', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const started = performance.now();
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
