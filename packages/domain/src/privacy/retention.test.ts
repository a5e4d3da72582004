import { describe, expect, it } from 'vitest';
import { lastDateExpired, type RetentionPeriod } from './retention';

describe('lastDateExpired', () => {
  it.each<[string, RetentionPeriod, string]>([
    ['2026-11-25', { years: 5 }, '2021-11-25'],
    ['2025-02-28', { years: 1 }, '2024-02-28'],
    ['2026-11-30', { days: 90 }, '2026-09-01'],
    ['2026-11-30', { months: 6 }, '2026-05-30'],
    // 31/08 less six months: February has no 31st, its last day counts.
    ['2026-08-31', { months: 6 }, '2026-02-28'],
    ['2026-01-15', { months: 6 }, '2025-07-15'],
  ])('on %s with %o erases up to %s', (date, period, expected) => {
    expect(lastDateExpired(date, period)).toBe(expected);
  });
});
