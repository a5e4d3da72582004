import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import {
  brasiliaDayStart,
  brasiliaTimestamp,
  defaultReportPeriod,
  formatBrTimestamp,
  REPORT_PERIOD_MESSAGES as M,
  reportPeriodInstants,
  reportPeriodSchema,
} from './period';

describe('reportPeriodSchema', () => {
  it.each([
    { input: {}, field: 'data_inicial', message: M.initialRequired },
    {
      input: { data_inicial: ' ', data_final: '2026-01-01' },
      field: 'data_inicial',
      message: M.initialRequired,
    },
    {
      input: { data_inicial: '2026-02-30', data_final: '2026-03-01' },
      field: 'data_inicial',
      message: M.initialInvalid,
    },
    {
      input: { data_inicial: '01/02/2026', data_final: '2026-03-01' },
      field: 'data_inicial',
      message: M.initialInvalid,
    },
    { input: { data_inicial: '2026-01-01' }, field: 'data_final', message: M.finalRequired },
    {
      input: { data_inicial: '2026-01-01', data_final: '2026-13-01' },
      field: 'data_final',
      message: M.finalInvalid,
    },
    {
      input: { data_inicial: '2026-01-02', data_final: '2026-01-01' },
      field: 'data_final',
      message: M.finalBeforeInitial,
    },
    {
      input: { data_inicial: '2025-01-01', data_final: '2026-01-02' },
      field: 'data_final',
      message: M.tooLong,
    },
  ])('$field: $message', ({ input, field, message }) => {
    expect(firstIssue(reportPeriodSchema, input)).toEqual({ ok: false, field, message });
  });

  it('accepts one day, and 366 days (a leap year) at most', () => {
    expect(firstIssue(reportPeriodSchema, { data_inicial: '2026-03-01', data_final: '2026-03-01' })).toEqual({
      ok: true,
      data: { from: '2026-03-01', to: '2026-03-01' },
    });
    expect(
      reportPeriodSchema.safeParse({ data_inicial: '2024-01-01', data_final: '2024-12-31' }).success,
    ).toBe(true);
    expect(
      reportPeriodSchema.safeParse({ data_inicial: '2024-01-01', data_final: '2025-01-01' }).success,
    ).toBe(false);
  });

  it('says the limit in its message', () => {
    expect(M.tooLong).toBe('O período deve ter no máximo 366 dias.');
  });
});

describe('Brasília days as instants', () => {
  it('starts a day at 03:00 UTC today (no daylight saving since 2019)', () => {
    expect(brasiliaDayStart('2026-11-23').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(brasiliaDayStart('2026-01-01').toISOString()).toBe('2026-01-01T03:00:00.000Z');
  });

  it('uses the offset of that day in the past (summer time, UTC-2)', () => {
    expect(brasiliaDayStart('2018-01-15').toISOString()).toBe('2018-01-15T02:00:00.000Z');
  });

  it('covers the last day whole: [first day 00:00, day after 00:00)', () => {
    const { from, to } = reportPeriodInstants({ from: '2026-03-01', to: '2026-03-31' });
    expect(from.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-04-01T03:00:00.000Z');
  });

  it('reads an instant on the Brasília wall clock', () => {
    expect(brasiliaTimestamp(new Date('2026-03-02T02:59:59Z'))).toBe('2026-03-01 23:59:59');
  });

  it.each([
    // the API's Brasília wall clock, with seconds or not, what staff read
    ['2026-03-01 23:59:59', false, '01/03/2026 23:59'],
    ['2026-03-01 23:59:59', true, '01/03/2026 23:59:59'],
    ['2026-11-29 08:05:00', false, '29/11/2026 08:05'],
    ['2026-03-01T23:59:59Z', false, ''],
    ['29/11/2026 08:05', false, ''],
    ['', true, ''],
  ])('formatBrTimestamp(%j, seconds %s) is %j', (stamp, withSeconds, expected) => {
    expect(formatBrTimestamp(stamp, withSeconds)).toBe(expected);
  });

  it('defaults to the last 30 days, today in Brasília included', () => {
    // 01:00 UTC on 1 March is still 28 February in Brasília.
    expect(defaultReportPeriod(new Date('2026-03-01T01:00:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
  });
});
