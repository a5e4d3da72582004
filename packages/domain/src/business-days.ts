import { addDays, isoDate, isValidIsoDate, weekday } from './dates';

// Bank business days in Brazil (issue 16 item 1: due dates move to the next day a bank opens). Dates are the
// 'YYYY-MM-DD' strings of dates.ts; only UTC arithmetic, so the machine's time zone never moves a day.

export interface BankHoliday {
  date: string;
  name: string;
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** The days banks do not open nationwide in a year, in date order. */
export function bankHolidays(year: number): BankHoliday[] {
  const fixed = (month: number, day: number, name: string): BankHoliday => ({
    date: isoDate(year, month, day),
    name,
  });
  const easter = easterSunday(year);
  const fromEaster = (days: number, name: string): BankHoliday => ({ date: addDays(easter, days), name });
  const holidays = [
    // Lei 662/1949 with Lei 10.607/2002: the national holidays.
    fixed(1, 1, 'Confraternização Universal'),
    fixed(4, 21, 'Tiradentes'),
    fixed(5, 1, 'Dia do Trabalho'),
    fixed(9, 7, 'Independência do Brasil'),
    fixed(11, 2, 'Finados'),
    fixed(11, 15, 'Proclamação da República'),
    fixed(12, 25, 'Natal'),
    // Lei 6.802/1980.
    fixed(10, 12, 'Nossa Senhora Aparecida'),
    // FEBRABAN bank calendar: no banking on Carnival Monday and Tuesday (not a holiday by law).
    fromEaster(-48, 'Carnaval'),
    fromEaster(-47, 'Carnaval'),
    // Lei 9.093/1995 art. 2 (Sexta-feira da Paixão); banks close nationwide per the FEBRABAN calendar.
    fromEaster(-2, 'Sexta-feira da Paixão'),
    // FEBRABAN bank calendar: no banking on Corpus Christi (not a holiday by law).
    fromEaster(60, 'Corpus Christi'),
    // FEBRABAN bank calendar: no banking and no clearing on 31 December; bills due then are paid on the next
    // business day without additions.
    fixed(12, 31, 'Último dia do ano (sem expediente bancário)'),
  ];
  // Lei 14.759/2023: a national holiday from 2024 on.
  if (year >= 2024) holidays.push(fixed(11, 20, 'Dia Nacional de Zumbi e da Consciência Negra'));
  return holidays.sort((x, y) => (x.date < y.date ? -1 : 1));
}

// nextBusinessDay runs for every instalment of every schedule; a year's holidays are computed once.
const holidayDatesByYear = new Map<number, ReadonlySet<string>>();

function holidayDates(year: number): ReadonlySet<string> {
  let dates = holidayDatesByYear.get(year);
  if (!dates) {
    dates = new Set(bankHolidays(year).map((holiday) => holiday.date));
    holidayDatesByYear.set(year, dates);
  }
  return dates;
}

/** A day banks open: not Saturday or Sunday (no banking on weekends) and not a bank holiday. */
export function isBusinessDay(iso: string): boolean {
  if (!isValidIsoDate(iso)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${iso}`);
  const day = weekday(iso);
  return day !== 0 && day !== 6 && !holidayDates(Number(iso.slice(0, 4))).has(iso);
}

/** The date itself when banks open on it; otherwise the first later day they do. */
export function nextBusinessDay(iso: string): string {
  let date = iso;
  while (!isBusinessDay(date)) date = addDays(date, 1);
  return date;
}
