import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBusinessDay } from '../business-days';
import { addDays, addMonths, daysBetween } from '../dates';
import { instalmentSchedule, paymentDueDate, type SchedulePlan } from './instalment-schedule';

const plan = (entryCents: number, instalmentCount: number, instalmentCents: number, totalCents?: number) => ({
  entryCents,
  instalmentCount,
  instalmentCents,
  totalCents: totalCents ?? entryCents + instalmentCount * instalmentCents,
});

const dueDates = (schedule: { dueDate: string }[]) => schedule.map((row) => row.dueDate);

describe('instalmentSchedule: due dates', () => {
  it('gives the entry on the first due date and one instalment a month after it', () => {
    expect(instalmentSchedule(plan(10_000, 3, 5_000), '2026-03-10')).toEqual([
      { number: 0, dueDate: '2026-03-10', amountCents: 10_000 },
      { number: 1, dueDate: '2026-04-10', amountCents: 5_000 },
      { number: 2, dueDate: '2026-05-11', amountCents: 5_000 }, // 10 May 2026 is a Sunday
      { number: 3, dueDate: '2026-06-10', amountCents: 5_000 },
    ]);
  });

  it.each([
    // first due date, due dates, why: each month from the original day, clamped, then moved to a business day.
    [
      '2024-01-31',
      ['2024-01-31', '2024-02-29', '2024-04-01', '2024-04-30'],
      'leap February; 31 Mar 2024 a Sunday',
    ],
    [
      '2025-01-31',
      ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30'],
      'common February, back to the 31st',
    ],
    [
      '2025-05-31',
      ['2025-06-02', '2025-06-30', '2025-07-31', '2025-09-01'],
      '31 May and 31 Aug 2025 on weekends',
    ],
    [
      '2026-02-16',
      ['2026-02-18', '2026-03-16', '2026-04-16', '2026-05-18'],
      'first due date on Carnival Monday',
    ],
    ['2026-12-25', ['2026-12-28', '2027-01-25', '2027-02-25', '2027-03-25'], 'first due date on Christmas'],
    [
      '2026-11-30',
      ['2026-11-30', '2026-12-30', '2027-02-01', '2027-03-01'],
      'over the year end: 30 Jan 2027 a Saturday',
    ],
    [
      '2026-12-31',
      ['2027-01-04', '2027-02-01', '2027-03-01', '2027-03-31'],
      '31 Dec without banking, 1 Jan a holiday, then the weekend; 31 Jan and 28 Feb 2027 on Sundays',
    ],
    [
      '2025-03-21',
      ['2025-03-21', '2025-04-22', '2025-05-21', '2025-06-23'],
      'Tiradentes after Easter Monday',
    ],
  ])('from %s: %j (%s)', (first, expected) => {
    expect(dueDates(instalmentSchedule(plan(1_000, 3, 1_000), first))).toEqual(expected);
  });

  it.each([
    // first due date, payment (0 = the first), its due date, why
    ['2026-11-29', 0, '2026-11-30', 'a Sunday: the Monday after'],
    ['2026-11-27', 0, '2026-11-27', 'a Friday: that day'],
    ['2026-11-29', 1, '2026-12-29', 'a month later, a Tuesday'],
    ['2026-12-25', 0, '2026-12-28', 'Christmas, a Friday: the Monday after'],
  ])('paymentDueDate(%s, %i) is %s (%s)', (first, month, expected) => {
    expect(paymentDueDate(first, month)).toBe(expected);
  });

  it('paymentDueDate gives every payment the date the schedule gives it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (day) => {
          const first = day.toISOString().slice(0, 10);
          const schedule = instalmentSchedule(plan(1_000, 5, 1_000), first);
          expect(schedule.map((_, month) => paymentDueDate(first, month))).toEqual(dueDates(schedule));
        },
      ),
    );
  });

  it('without an entry, instalment 1 falls due on the first due date', () => {
    expect(instalmentSchedule(plan(0, 2, 7_500), '2026-01-01')).toEqual([
      { number: 1, dueDate: '2026-01-02', amountCents: 7_500 },
      { number: 2, dueDate: '2026-02-02', amountCents: 7_500 }, // 1 Feb 2026 is a Sunday
    ]);
  });

  it('pays in full (pra_quantidade 0) in one payment of the entry', () => {
    expect(instalmentSchedule(plan(123_456, 0, 0), '2026-11-20')).toEqual([
      { number: 0, dueDate: '2026-11-23', amountCents: 123_456 },
    ]);
  });

  it('runs for years, 31st by 31st', () => {
    const schedule = instalmentSchedule(plan(100, 60, 100), '2026-01-31');
    expect(schedule).toHaveLength(61);
    // Counted from the original day each time: a date stepped from the clamped one would end on the 28th.
    expect(schedule[60]?.dueDate).toBe('2031-01-31');
  });
});

describe('instalmentSchedule: amounts', () => {
  it('puts the rounding remainder on the last instalment', () => {
    // R$ 1.000,00 in 3 instalments of R$ 333,33 leaves 1 centavo over; of R$ 333,34, 2 centavos too many.
    const schedule = instalmentSchedule(plan(0, 3, 33_333, 100_000), '2026-03-10');
    expect(schedule.map((row) => row.amountCents)).toEqual([33_333, 33_333, 33_334]);
    expect(
      instalmentSchedule(plan(0, 3, 33_334, 100_000), '2026-03-10').map((row) => row.amountCents),
    ).toEqual([33_334, 33_334, 33_332]);
  });

  it.each<[string, SchedulePlan, string]>([
    ['a total far from its payments', plan(1_000, 2, 1_000, 5_000), '2026-03-10'],
    ['no payment at all', plan(0, 0, 0, 0), '2026-03-10'],
    ['a zero instalment', plan(1_000, 2, 0), '2026-03-10'],
    ['a remainder that empties the last payment', plan(0, 2, 1, 1), '2026-03-10'],
    ['fractions of a centavo', plan(1_000.5, 1, 1_000, 2_000.5), '2026-03-10'],
    ['a negative entry', plan(-1, 1, 1_000, 999), '2026-03-10'],
    ['a fractional count', plan(0, 1.5, 1_000, 1_500), '2026-03-10'],
    ['an invalid first due date', plan(1_000, 1, 1_000), '2026-02-29'],
  ])('refuses %s', (_case, refused, first) => {
    expect(() => instalmentSchedule(refused, first)).toThrow(RangeError);
  });

  it('sums to the total, on business days a month apart, whatever the plan', () => {
    const firstDueDate = fc
      .integer({ min: 0, max: daysBetween('2000-01-01', '2099-12-31') })
      .map((offset) => addDays('2000-01-01', offset));
    const issuedPlan = fc
      .record({
        entryCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99_999_999 })),
        instalmentCount: fc.integer({ min: 0, max: 72 }),
        instalmentCents: fc.integer({ min: 1, max: 9_999_999 }),
        rounding: fc.integer({ min: -72, max: 72 }),
      })
      .filter(({ entryCents, instalmentCount }) => entryCents > 0 || instalmentCount > 0)
      .map(({ entryCents, instalmentCount, instalmentCents, rounding }) => {
        const payments = (entryCents > 0 ? 1 : 0) + instalmentCount;
        const figures = plan(entryCents, instalmentCount, instalmentCount > 0 ? instalmentCents : 0);
        // A rounding remainder of fewer centavos than there are payments, leaving the last one above zero.
        const remainder = Math.max(-(payments - 1), Math.min(payments - 1, rounding));
        const last = instalmentCount > 0 ? figures.instalmentCents : figures.entryCents;
        return { ...figures, totalCents: figures.totalCents + Math.max(remainder, 1 - last) };
      });
    fc.assert(
      fc.property(issuedPlan, firstDueDate, (issued, first) => {
        const schedule = instalmentSchedule(issued, first);
        expect(schedule).toHaveLength((issued.entryCents > 0 ? 1 : 0) + issued.instalmentCount);
        expect(schedule.reduce((sum, row) => sum + row.amountCents, 0)).toBe(issued.totalCents);
        schedule.forEach((row, month) => {
          expect(Number.isSafeInteger(row.amountCents) && row.amountCents > 0).toBe(true);
          expect(isBusinessDay(row.dueDate)).toBe(true);
          const nominal = addMonths(first, month);
          expect(daysBetween(nominal, row.dueDate)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(nominal, row.dueDate)).toBeLessThanOrEqual(4);
          if (month > 0) expect(row.dueDate > (schedule[month - 1]?.dueDate ?? '')).toBe(true);
        });
        expect(
          schedule
            .slice(0, -1)
            .every(
              (row) => row.amountCents === (row.number === 0 ? issued.entryCents : issued.instalmentCents),
            ),
        ).toBe(true);
      }),
    );
  });
});
