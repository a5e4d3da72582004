import { describe, expect, it } from 'vitest';
import { firstKeptInstant, lastDateExpired, type RetentionPeriod } from './retention';

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

describe('firstKeptInstant', () => {
  it.each<[string, RetentionPeriod, string]>([
    // A creditor lead sent at 00:00 on 26/11/2021 in Brasília is kept by the run of 25/11/2026 (decision 084).
    ['2026-11-25', { years: 5 }, '2021-11-26T03:00:00.000Z'],
    // Brasília kept daylight saving until February 2019: midnight of 20/01/2019 was 02:00 UTC.
    ['2024-01-19', { years: 5 }, '2019-01-20T02:00:00.000Z'],
    ['2026-11-30', { days: 90 }, '2026-09-02T03:00:00.000Z'],
  ])('on %s with %o keeps from %s', (date, period, expected) => {
    expect(firstKeptInstant(date, period).toISOString()).toBe(expected);
  });
});
