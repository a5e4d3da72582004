import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankHolidays, easterSunday, isBusinessDay, nextBusinessDay } from './business-days';
import { addDays, daysBetween, isoDate, weekday } from './dates';

describe('Easter and the holidays that move with it', () => {
  it.each([
    // year, Easter, Carnival Monday, Carnival Tuesday, Good Friday, Corpus Christi (published calendars).
    [2024, '2024-03-31', '2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30'],
    [2025, '2025-04-20', '2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19'],
    [2026, '2026-04-05', '2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'],
    [2027, '2027-03-28', '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27'],
    // The latest Easter of the century.
    [2038, '2038-04-25', '2038-03-08', '2038-03-09', '2038-04-23', '2038-06-24'],
    // The earliest Easter a year can have (22 March), with Carnival in early February.
    [2285, '2285-03-22', '2285-02-02', '2285-02-03', '2285-03-20', '2285-05-21'],
  ])(
    '%i: Easter %s, Carnival %s and %s, Good Friday %s, Corpus Christi %s',
    (year, easter, monday, tuesday, friday, corpus) => {
      expect(easterSunday(year)).toBe(easter);
      const dates = bankHolidays(year).map((holiday) => holiday.date);
      for (const date of [monday, tuesday, friday, corpus]) {
        expect(dates).toContain(date);
        expect(isBusinessDay(date)).toBe(false);
      }
    },
  );

  it('falls on a Sunday between 22 March and 25 April every year, with the moved days on their weekdays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const easter = easterSunday(year);
        expect(weekday(easter)).toBe(0);
        expect(easter >= isoDate(year, 3, 22) && easter <= isoDate(year, 4, 25)).toBe(true);
        const byName = (name: string) =>
          bankHolidays(year)
            .filter((holiday) => holiday.name === name)
            .map((holiday) => weekday(holiday.date));
        expect(byName('Carnaval')).toEqual([1, 2]);
        expect(byName('Sexta-feira da Paixão')).toEqual([5]);
        expect(byName('Corpus Christi')).toEqual([4]);
      }),
    );
  });
});

describe('bank holidays of a year', () => {
  it('lists 2026 in date order', () => {
    expect(bankHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-02-16', name: 'Carnaval' },
      { date: '2026-02-17', name: 'Carnaval' },
      { date: '2026-04-03', name: 'Sexta-feira da Paixão' },
      { date: '2026-04-21', name: 'Tiradentes' },
      { date: '2026-05-01', name: 'Dia do Trabalho' },
      { date: '2026-06-04', name: 'Corpus Christi' },
      { date: '2026-09-07', name: 'Independência do Brasil' },
      { date: '2026-10-12', name: 'Nossa Senhora Aparecida' },
      { date: '2026-11-02', name: 'Finados' },
      { date: '2026-11-15', name: 'Proclamação da República' },
      { date: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { date: '2026-12-25', name: 'Natal' },
      { date: '2026-12-31', name: 'Último dia do ano (sem expediente bancário)' },
    ]);
  });

  it.each([
    // 20 November is a national holiday from 2024 (Lei 14.759/2023): a Monday in 2023 was a business day.
    ['2023-11-20', true],
    ['2024-11-20', false],
    ['2025-11-20', false],
    // Fixed holidays on weekdays.
    ['2025-01-01', false],
    ['2025-04-21', false],
    ['2025-05-01', false],
    ['2025-09-07', false],
    ['2024-10-12', false],
    ['2025-11-15', false],
    ['2025-12-25', false],
    ['2027-11-02', false],
    // Weekends.
    ['2026-03-07', false],
    ['2026-03-08', false],
    // Ash Wednesday: banks open (late), so it is a business day.
    ['2026-02-18', true],
    // Christmas Eve is a business day (banks open for two hours); 31 December is not (FEBRABAN: no banking, no
    // clearing).
    ['2026-12-24', true],
    ['2026-12-31', false],
    ['2024-02-29', true],
  ])('%s business day: %s', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it('refuses what is not a date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => nextBusinessDay('31/12/2026')).toThrow(RangeError);
  });
});

describe('nextBusinessDay', () => {
  it.each([
    ['2026-03-10', '2026-03-10', 'a business day stays'],
    ['2026-03-14', '2026-03-16', 'Saturday to Monday'],
    ['2026-02-14', '2026-02-18', 'Carnival Saturday to Ash Wednesday'],
    ['2025-04-18', '2025-04-22', 'Good Friday, the weekend and Tiradentes on Monday'],
    ['2026-06-04', '2026-06-05', 'Corpus Christi to Friday'],
    ['2024-11-20', '2024-11-21', 'Consciência Negra'],
    ['2026-12-25', '2026-12-28', 'Christmas on a Friday'],
    ['2027-01-01', '2027-01-04', 'New Year on a Friday'],
    ['2027-12-31', '2028-01-03', '31 December on a Friday, New Year on the Saturday'],
    ['2026-12-30', '2026-12-30', 'the last business day of 2026'],
    ['2022-12-31', '2023-01-02', 'over the year end: Saturday, Sunday and New Year'],
    ['2027-12-25', '2027-12-27', 'Christmas on a Saturday'],
    ['2038-04-23', '2038-04-26', 'Good Friday 2038'],
  ])('%s -> %s (%s)', (date, expected) => {
    expect(nextBusinessDay(date)).toBe(expected);
  });

  it('gives a business day on or after the date, and no business day is skipped', () => {
    const day = fc
      .integer({ min: 0, max: daysBetween('1990-01-01', '2100-12-31') })
      .map((offset) => addDays('1990-01-01', offset));
    fc.assert(
      fc.property(day, (date) => {
        const next = nextBusinessDay(date);
        expect(isBusinessDay(next)).toBe(true);
        expect(daysBetween(date, next)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(date, next)).toBeLessThanOrEqual(4);
        for (let between = date; between < next; between = addDays(between, 1)) {
          expect(isBusinessDay(between)).toBe(false);
        }
      }),
    );
  });
});
