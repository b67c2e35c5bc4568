import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../src/wire/time.ts';
import { idString, parseIdList } from '../src/wire/ids.ts';
import { toCamel, toSnake } from '../src/wire/naming.ts';

describe('time conventions', () => {
  it('formats in Asia/Shanghai by default and round-trips', () => {
    const d = new Date('2024-12-31T16:30:05Z');
    expect(formatDateTime(d)).toBe('2025-01-01 00:30:05');
    expect(parseDateTime('2025-01-01 00:30:05')).toEqual(d);
    expect(formatDateTime(d, 0)).toBe('2024-12-31 16:30:05');
  });
  it('refuses impossible dates', () => {
    expect(parseDateTime('2023-02-29 00:00:00')).toBeNull();
    expect(parseDateTime('2024-13-01')).toBeNull();
    expect(parseDateTime('2024-01-01 24:00:00')).toBeNull();
    expect(parseDateTime('2024-02-29')).not.toBeNull();
  });
});

describe('ids', () => {
  it('travel as strings and must be positive 64-bit integers', () => {
    expect(idString.parse('1123598821738675201')).toBe('1123598821738675201');
    expect(idString.parse(42)).toBe('42');
    expect(idString.safeParse('0').success).toBe(false);
    expect(idString.safeParse('9223372036854775808').success).toBe(false);
    expect(idString.safeParse('1 or 1=1').success).toBe(false);
  });
  it('parses comma-joined id lists', () => {
    expect(parseIdList('1,2, 3,2')).toEqual(['1', '2', '3']);
    expect(parseIdList('1,abc')).toBeNull();
    expect(parseIdList('')).toBeNull();
    expect(parseIdList(undefined)).toBeNull();
  });
});

describe('naming', () => {
  it('converts between camelCase and snake_case', () => {
    expect(toSnake('createTime')).toBe('create_time');
    expect(toSnake('paramKey')).toBe('param_key');
    expect(toCamel('create_time')).toBe('createTime');
  });
});
