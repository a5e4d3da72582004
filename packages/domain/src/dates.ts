// Business dates are Brasília dates (engineering guide "time"): a server in UTC must not move today or a due date.
// Dates travel as ISO 'YYYY-MM-DD' strings; people read and type 'dd/mm/aaaa'.

export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

/** Spec 000 §5/§9: minimum age 18 at login. */
export const MINIMUM_AGE = 18;

// Brasília has kept UTC-03:00 all year since its last daylight saving time ended, at 2019-02-17 02:00 UTC (Decreto
// nº 9.772/2019): from then on its wall clock is the UTC clock three hours back, read without Intl (numbers.ts says
// why). dates.test.ts checks the time zone database agrees for every later instant it samples, so a return of
// daylight saving time in the database fails the tests; earlier instants are read from the database.
const FIXED_OFFSET_SINCE = Date.UTC(2019, 1, 17, 2);
const BRASILIA_OFFSET_MS = -3 * 60 * 60_000;

// 'en-US' with h23 gives plain ASCII digits and an hour of 00-23 (never '24' at midnight). Made on first use.
let brasiliaParts: Intl.DateTimeFormat | undefined;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Brasília's wall clock at an instant, read from the time zone database (Intl): for instants before 2019-02-17. */
export function brasiliaDateTimeFromZoneDatabase(now: Date): { date: string; time: string } {
  const parts: Record<string, string> = {};
  brasiliaParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BRASILIA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of brasiliaParts.formatToParts(now)) parts[part.type] = part.value;
  return {
    date: `${pad(Number(parts.year), 4)}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

// Spec 000 §3 step log: data_agendamento 'YYYY-MM-DD' and hora_agendamento 'HH:MM:SS', in Brasília time.
export function brasiliaDateTime(now: Date = new Date()): { date: string; time: string } {
  const instant = now.getTime();
  if (Number.isNaN(instant)) throw new RangeError('Invalid time value');
  if (instant < FIXED_OFFSET_SINCE) return brasiliaDateTimeFromZoneDatabase(now);
  const wall = new Date(instant + BRASILIA_OFFSET_MS);
  return {
    date: isoDate(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`,
  };
}

/** Today's date in Brasília as 'YYYY-MM-DD', whatever the machine's time zone. */
export function todayInBrasilia(now: Date = new Date()): string {
  return brasiliaDateTime(now).date;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

// 'YYYY-MM-DD' is read character by character, as /^\d{4}-\d{2}-\d{2}$/ would accept it: the plans and the debt
// cards date every instalment, and a regular expression's match (an array and three strings, twice per date) was a
// tenth of passo_3_novo's allocations (docs/performance.md).
const DASH = 45;
const ZERO = 48;

/** The number written in ASCII digits at `from` (inclusive) to `to` of text `iso` of length 10; -1 if not digits. */
function digitsAt(iso: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = iso.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Year, month and day of text written 'YYYY-MM-DD' in ASCII digits (-1 each when it is not), unchecked. */
function isoNumbers(iso: string): [year: number, month: number, day: number] {
  if (iso.length !== 10 || iso.charCodeAt(4) !== DASH || iso.charCodeAt(7) !== DASH) return [-1, -1, -1];
  return [digitsAt(iso, 0, 4), digitsAt(iso, 5, 7), digitsAt(iso, 8, 10)];
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isValidIsoDate(iso: string): boolean {
  const [year, month, day] = isoNumbers(String(iso));
  return isCalendarDate(year, month, day);
}

/** 'YYYY-MM-DD' from its numbers. Throws RangeError for a day the calendar does not have. */
export function isoDate(year: number, month: number, day: number): string {
  if (!isCalendarDate(year, month, day) || year > 9999) {
    throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function isoParts(iso: string): [year: number, month: number, day: number] {
  const parts = isoNumbers(String(iso));
  if (!isCalendarDate(...parts)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${iso}`);
  return parts;
}

// Spec 000 §5 first access rule 1: day/month/year with valid days per month and leap years.
export function parseBrDate(input: string): string | null {
  const match = BR_DATE.exec(input.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month}-${day}`;
}

/**
 * 'dd/mm/aaaa' from 'YYYY-MM-DD' (a trailing time such as 'T00:00:00' or ' 00:00:00' is ignored); '' when the
 * text does not start with an ISO date.
 */
export function formatBrDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(iso);
  if (!match) return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** Whole years between a birth date and a day, both 'YYYY-MM-DD'. Throws RangeError for an invalid date. */
export function ageOn(birthIso: string, todayIso: string): number {
  const [birthYear, birthMonth, birthDay] = isoParts(birthIso);
  const [year, month, day] = isoParts(todayIso);
  const birthdayPassed = month > birthMonth || (month === birthMonth && day >= birthDay);
  // Someone born on 29 Feb has the birthday on 1 Mar in a non-leap year: (2, 28) has not reached (2, 29).
  return year - birthYear - (birthdayPassed ? 0 : 1);
}

// Spec 000 §5/§9: 18 or older at login; the 18th birthday counts. An invalid birth date is not adult.
export function isAdult(birthIso: string, todayIso: string, minimumAge = MINIMUM_AGE): boolean {
  if (!isValidIsoDate(birthIso)) return false;
  return ageOn(birthIso, todayIso) >= minimumAge;
}

// Spec 000 §5 "Generic fields": a date field can be limited to future dates (strictly after today).
export function isFutureDate(iso: string, todayIso: string): boolean {
  isoParts(todayIso);
  return isValidIsoDate(iso) && iso > todayIso;
}

const DAY_MS = 86_400_000;
const isoToUtcMs = (iso: string): number => {
  const [year, month, day] = isoParts(iso);
  // Date.UTC reads a year below 100 as 19xx; setUTCFullYear takes it as written (0001-01-01 is not 1901-01-01).
  return year < 100 ? new Date(0).setUTCFullYear(year, month - 1, day) : Date.UTC(year, month - 1, day);
};

/** 'YYYY-MM-DD' plus a number of calendar days (negative goes back). */
export function addDays(iso: string, days: number): string {
  return new Date(isoToUtcMs(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from one date to another: positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoToUtcMs(to) - isoToUtcMs(from)) / DAY_MS);
}

/** Day of the week of 'YYYY-MM-DD': 0 Sunday .. 6 Saturday (UTC arithmetic, whatever the machine zone). */
export function weekday(iso: string): number {
  return new Date(isoToUtcMs(iso)).getUTCDay();
}

/**
 * 'YYYY-MM-DD' a number of calendar months later (negative goes back), keeping the day of the month and clamping
 * it to the target month's last day: 31 Jan + 1 month is 28/29 Feb. Callers that step month after month add to the
 * original date, not to the clamped one, so 31 Jan + 2 months is 31 Mar.
 */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = isoParts(iso);
  const monthIndex = year * 12 + month - 1 + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}
