import { describe, expect, it } from 'vitest';
import { DATE, DATE_TIME, STAMP, formatLocal } from './date-format';

describe('date formatting', () => {
  // Built from local fields: the patterns show the user's clock, whatever the zone.
  const moment = new Date(2025, 0, 5, 7, 8, 9);

  it('writes the wire date, date-time and the file-name stamp, zero-padded', () => {
    expect(formatLocal(moment, DATE)).toBe('2025-01-05');
    expect(formatLocal(moment, DATE_TIME)).toBe('2025-01-05 07:08:09');
    expect(formatLocal(moment, STAMP)).toBe('20250105070809');
  });

  it('shows the last second of a year in that year', () => {
    expect(formatLocal(new Date(2024, 11, 31, 23, 59, 59), DATE_TIME)).toBe('2024-12-31 23:59:59');
  });
});
