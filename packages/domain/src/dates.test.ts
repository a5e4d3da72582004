import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageOn,
  BRASILIA_TIME_ZONE,
  brasiliaDateTime,
  brasiliaDateTimeFromZoneDatabase,
  daysBetween,
  formatBrDate,
  isAdult,
  isFutureDate,
  isoDate,
  isValidIsoDate,
  parseBrDate,
  todayInBrasilia,
  weekday,
} from './dates';

// Any day from 1900 to 2100 as 'YYYY-MM-DD'.
const isoDay = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('Brasília clock (America/Sao_Paulo, whatever the machine zone)', () => {
  it('names the zone', () => {
    expect(BRASILIA_TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it.each([
    // 02:30 UTC is 23:30 of the previous day in Brasília (UTC-3, no daylight saving since 2019).
    ['2026-11-22T02:30:00Z', '2026-11-21', '23:30:00'],
    ['2026-11-22T03:00:00Z', '2026-11-22', '00:00:00'],
    ['2026-01-01T02:59:59Z', '2025-12-31', '23:59:59'],
    ['2024-02-29T12:00:00Z', '2024-02-29', '09:00:00'],
    // Daylight saving time in 2018-19 (UTC-2).
    ['2019-01-15T02:30:00Z', '2019-01-15', '00:30:00'],
    ['2025-06-10T15:04:05.999Z', '2025-06-10', '12:04:05'],
  ])('%s -> %s %s', (instant, date, time) => {
    const now = new Date(instant);
    expect(brasiliaDateTime(now)).toEqual({ date, time });
    expect(todayInBrasilia(now)).toBe(date);
  });

  it('answers each instant of one second alike and moves on at the next second, whatever was asked before', () => {
    const at = (instant: string) => brasiliaDateTime(new Date(instant));
    expect(at('2026-11-22T02:59:59.001Z')).toEqual({ date: '2026-11-21', time: '23:59:59' });
    expect(at('2026-11-22T02:59:59.999Z')).toEqual({ date: '2026-11-21', time: '23:59:59' });
    expect(at('2026-11-22T03:00:00.000Z')).toEqual({ date: '2026-11-22', time: '00:00:00' });
    expect(at('2019-01-15T02:30:00Z')).toEqual({ date: '2019-01-15', time: '00:30:00' });
    // A caller changing its answer does not change the next caller's.
    at('2026-11-22T03:00:00.000Z').date = 'changed';
    expect(at('2026-11-22T03:00:00.500Z').date).toBe('2026-11-22');
  });

  // The clock is read as UTC-3 from the end of the last daylight saving time on (dates.ts): the time zone database
  // must agree, or Brasília's rules changed and the fixed offset is wrong.
  const fromDatabase = brasiliaDateTimeFromZoneDatabase;

  it('agrees with the time zone database every 7 hours from 2019-02-17 to 2060', () => {
    const step = 7 * 60 * 60_000 + 1_234;
    let disagreements = 0;
    for (let t = Date.UTC(2019, 1, 17, 2); t < Date.UTC(2060, 0, 1); t += step) {
      const now = new Date(t);
      if (JSON.stringify(brasiliaDateTime(now)) !== JSON.stringify(fromDatabase(now))) disagreements++;
    }
    expect(disagreements).toBe(0);
  });

  it('agrees with the time zone database at any instant from 1970 to 2100, either side of 2019-02-17', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (now) => {
          expect(brasiliaDateTime(now)).toEqual(fromDatabase(now));
        },
      ),
      { numRuns: 2000 },
    );
    // The last daylight saving time ended at 00:00 (UTC-2) on 2019-02-17: the clock went back to 23:00 on the 16th.
    expect(brasiliaDateTime(new Date('2019-02-17T01:59:59Z'))).toEqual({
      date: '2019-02-16',
      time: '23:59:59',
    });
    expect(brasiliaDateTime(new Date('2019-02-17T02:00:00Z'))).toEqual({
      date: '2019-02-16',
      time: '23:00:00',
    });
  });

  it('refuses an invalid date', () => {
    expect(() => brasiliaDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('defaults to the current instant', () => {
    expect(todayInBrasilia()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(brasiliaDateTime().time).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  });
});

describe('parseBrDate (spec 000 §5 first access rule 1: days per month and leap years)', () => {
  it.each([
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['31/01/2025', '2025-01-31'],
    ['30/04/2025', '2025-04-30'],
    ['01/12/1950', '1950-12-01'],
    [' 15/08/1990 ', '1990-08-15'],
    ['29/02/2023', null],
    ['29/02/1900', null],
    ['31/04/2025', null],
    ['31/06/2025', null],
    ['00/01/2025', null],
    ['01/13/2025', null],
    ['01/00/2025', null],
    ['32/01/2025', null],
    ['01/01/0000', null],
    ['1/1/2025', null],
    ['01-01-2025', null],
    ['2025-01-01', null],
    ['01/01/202', null],
    ['', null],
  ])('%j -> %s', (input, expected) => {
    expect(parseBrDate(input)).toBe(expected);
  });

  it('round-trips with formatBrDate for every valid date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z') }),
        (d) => {
          fc.pre(!Number.isNaN(d.getTime()));
          const iso = d.toISOString().slice(0, 10);
          expect(parseBrDate(formatBrDate(iso))).toBe(iso);
        },
      ),
    );
  });
});

describe('formatBrDate and isValidIsoDate', () => {
  it.each([
    ['2024-02-29', '29/02/2024'],
    ['2025-01-10T00:00:00', '10/01/2025'],
    ['2025-01-10 00:00:00', '10/01/2025'],
    ['10/01/2025', ''],
    ['', ''],
  ])('formatBrDate(%j) -> %j', (iso, expected) => {
    expect(formatBrDate(iso)).toBe(expected);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-1-1', false],
    ['', false],
    // Read character by character: exactly what /^\d{4}-\d{2}-\d{2}$/ accepts, then the calendar.
    ['9999-12-31', true],
    ['0000-01-01', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    [' 2024-01-01', false],
    ['2024-01-01\n', false],
    ['2024-01-0a', false],
    ['2024/01/01', false],
    ['+024-01-01', false],
    ['2024-01-01T00:00', false],
    ['\uff12\uff10\uff12\uff14-01-01', false],
  ])('isValidIsoDate(%j) -> %s', (iso, expected) => {
    expect(isValidIsoDate(iso)).toBe(expected);
  });
});

describe('daysBetween and addDays', () => {
  it.each([
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2025-03-01', '2024-03-01', -365],
    ['1999-12-31', '2000-01-01', 1],
    // Years below 100 as written, not as 19xx (what Date.UTC makes of them).
    ['0001-01-01', '0001-01-02', 1],
    ['0099-12-31', '0100-01-01', 1],
    ['0004-02-28', '0004-03-01', 2],
    ['0001-01-01', '1901-01-01', 693_960],
    ['0001-01-01', '9999-12-31', 3_652_058],
    ['1899-12-30', '2026-03-01', 46_082],
  ])('daysBetween(%j, %j) -> %i, and back with addDays', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
    expect(addDays(from, days)).toBe(to);
  });

  it.each(['2024-02-30', '2024-2-01', '', '2024-02-01 '])('daysBetween refuses %j', (bad) => {
    expect(() => daysBetween(bad, '2024-01-01')).toThrow(RangeError);
    expect(() => daysBetween('2024-01-01', bad)).toThrow(RangeError);
  });
});

describe('ageOn and isAdult (spec 000 §5/§9: 18 or older)', () => {
  it.each([
    ['2000-06-15', '2018-06-14', 17, false],
    ['2000-06-15', '2018-06-15', 18, true],
    ['2000-06-15', '2018-06-16', 18, true],
    ['2000-06-15', '2018-05-20', 17, false],
    ['2000-06-15', '2018-07-01', 18, true],
    // Born on 29 Feb: in a non-leap year the birthday arrives on 1 Mar.
    ['2008-02-29', '2026-02-28', 17, false],
    ['2008-02-29', '2026-03-01', 18, true],
    ['2004-02-29', '2022-02-28', 17, false],
    ['2004-02-29', '2022-03-01', 18, true],
    ['2006-02-28', '2024-02-28', 18, true],
    ['1950-01-01', '2026-01-01', 76, true],
    ['2026-01-01', '2026-01-01', 0, false],
  ])('born %s, on %s: %d years, adult %s', (birth, today, age, adult) => {
    expect(ageOn(birth, today)).toBe(age);
    expect(isAdult(birth, today)).toBe(adult);
  });

  it('accepts another minimum age', () => {
    expect(isAdult('2010-05-05', '2026-05-05', 16)).toBe(true);
    expect(isAdult('2010-05-06', '2026-05-05', 16)).toBe(false);
  });

  it('treats an invalid birth date as not adult and refuses invalid dates in ageOn', () => {
    expect(isAdult('2023-02-29', '2026-01-01')).toBe(false);
    expect(isAdult('', '2026-01-01')).toBe(false);
    expect(() => ageOn('2000-13-01', '2026-01-01')).toThrow(RangeError);
    expect(() => ageOn('2000-01-01', '01/01/2026')).toThrow(RangeError);
  });

  it('age never decreases as the day moves forward', () => {
    fc.assert(
      fc.property(isoDay, isoDay, isoDay, (birth, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        fc.pre(birth <= earlier);
        expect(ageOn(birth, later)).toBeGreaterThanOrEqual(ageOn(birth, earlier));
      }),
    );
  });
});

describe('isFutureDate (spec 000 §5 generic fields)', () => {
  it.each([
    ['2026-11-22', '2026-11-21', true],
    ['2026-11-21', '2026-11-21', false],
    ['2026-11-20', '2026-11-21', false],
    ['2027-02-29', '2026-11-21', false],
    ['', '2026-11-21', false],
  ])('%j after %j -> %s', (iso, today, expected) => {
    expect(isFutureDate(iso, today)).toBe(expected);
  });
});

describe('isoDate, weekday and addMonths (calendar arithmetic without the machine zone)', () => {
  it('writes a calendar date and refuses one the calendar does not have', () => {
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDate(987, 1, 5)).toBe('0987-01-05');
    expect(() => isoDate(2025, 2, 29)).toThrow(RangeError);
    expect(() => isoDate(2025, 13, 1)).toThrow(RangeError);
    expect(() => isoDate(10_000, 1, 1)).toThrow(RangeError);
  });

  it.each([
    ['2026-03-15', 0],
    ['2026-03-16', 1],
    ['2024-02-29', 4],
    ['2000-01-01', 6],
    ['2038-01-19', 2],
    ['0001-01-01', 1],
    ['0099-12-31', 4],
  ])('%s is weekday %i (0 Sunday)', (iso, expected) => {
    expect(weekday(iso)).toBe(expected);
  });

  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2025-01-30', 13, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-10', -13, '2024-12-10'],
    ['2100-01-29', 1, '2100-02-28'],
    ['2000-01-29', 1, '2000-02-29'],
    ['2026-05-17', 0, '2026-05-17'],
  ])('%s + %i months -> %s', (iso, months, expected) => {
    expect(addMonths(iso, months)).toBe(expected);
  });

  it('keeps the day when the target month has it, and never leaves the target month', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -600, max: 600 }), (iso, months) => {
        const result = addMonths(iso, months);
        const monthIndex = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));
        expect(monthIndex(result) - monthIndex(iso)).toBe(months);
        const day = Number(iso.slice(8));
        if (day <= 28) expect(Number(result.slice(8))).toBe(day);
        else expect(Number(result.slice(8))).toBeLessThanOrEqual(day);
        expect(addMonths(result, -months) <= iso).toBe(true);
      }),
    );
  });
});
