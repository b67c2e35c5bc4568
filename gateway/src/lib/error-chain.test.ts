import { describe, expect, it } from 'vitest';
import { errorChain } from './error-chain.ts';

describe('errorChain', () => {
  it('names each cause on a line of its own', () => {
    const root = new Error('could not open file "base/1/1259": No such file or directory');
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', { cause: root });
    expect(errorChain(new Error('the embedded database did not open', { cause: wrapped }))).toBe(
      'the embedded database did not open\ncaused by: Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\n'
      + 'caused by: could not open file "base/1/1259": No such file or directory',
    );
  });

  it('reads thrown values that are not errors, and stops at a cause that loops', () => {
    expect(errorChain('plain')).toBe('plain');
    const a = new Error('a');
    (a as { cause?: unknown }).cause = a;
    expect(errorChain(a)).toBe('a');
  });
});
