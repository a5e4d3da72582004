import { addDays, brasiliaDateTime, daysBetween, isValidIsoDate, todayInBrasilia } from '../dates';

// The date range of the back-office reports (ListLeads 'Data inicial' / 'Data final', spec 002 §2, and the
// operations dashboard): Brasília calendar days, both ends included, as 'YYYY-MM-DD'.

export type ReportPeriodField = 'data_inicial' | 'data_final';

/** The longest range one report covers: a year (a leap year included), so one query stays bounded. */
export const REPORT_PERIOD_MAX_DAYS = 366;

/** The dashboard opens on the last 30 days, today included. */
export const REPORT_PERIOD_DEFAULT_DAYS = 30;

export const REPORT_PERIOD_MESSAGES = {
  initialRequired: 'Informe a data inicial.',
  finalRequired: 'Informe a data final.',
  initialInvalid: 'Data inicial inválida.',
  finalInvalid: 'Data final inválida.',
  finalBeforeInitial: 'A data final deve ser igual ou posterior à data inicial.',
  tooLong: `O período deve ter no máximo ${REPORT_PERIOD_MAX_DAYS} dias.`,
} as const;

export interface ReportPeriod {
  /** First day, 'YYYY-MM-DD'. */
  from: string;
  /** Last day, 'YYYY-MM-DD' (included). */
  to: string;
}

export type ReportPeriodResult =
  | { ok: true; period: ReportPeriod }
  | { ok: false; field: ReportPeriodField; message: string };

/** Checks the two dates in this order: present, real dates, final not before initial, at most a year. */
export function validateReportPeriod(input: {
  data_inicial?: string | undefined;
  data_final?: string | undefined;
}): ReportPeriodResult {
  const from = input.data_inicial?.trim() ?? '';
  const to = input.data_final?.trim() ?? '';
  const M = REPORT_PERIOD_MESSAGES;
  if (!from) return { ok: false, field: 'data_inicial', message: M.initialRequired };
  if (!isValidIsoDate(from)) return { ok: false, field: 'data_inicial', message: M.initialInvalid };
  if (!to) return { ok: false, field: 'data_final', message: M.finalRequired };
  if (!isValidIsoDate(to)) return { ok: false, field: 'data_final', message: M.finalInvalid };
  if (to < from) return { ok: false, field: 'data_final', message: M.finalBeforeInitial };
  if (daysBetween(from, to) + 1 > REPORT_PERIOD_MAX_DAYS)
    return { ok: false, field: 'data_final', message: M.tooLong };
  return { ok: true, period: { from, to } };
}

/** The last `days` Brasília days, today included. */
export function defaultReportPeriod(now: Date = new Date(), days = REPORT_PERIOD_DEFAULT_DAYS): ReportPeriod {
  const to = todayInBrasilia(now);
  return { from: addDays(to, 1 - days), to };
}

/**
 * The instant a Brasília calendar day starts. Brasília has had no daylight saving since 2019, but older dates had
 * it, so the offset is read from the time-zone database for that day instead of assuming UTC-3.
 */
export function brasiliaDayStart(iso: string): Date {
  const utcMidnight = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(utcMidnight) || !isValidIsoDate(iso)) throw new RangeError(`Not an ISO date: ${iso}`);
  // The wall clock in Brasília at a guess three hours after UTC midnight gives that moment's offset.
  const guess = utcMidnight + 3 * 3_600_000;
  const wall = brasiliaDateTime(new Date(guess));
  const offset = Date.parse(`${wall.date}T${wall.time}Z`) - guess;
  return new Date(utcMidnight - offset);
}

/** The half-open instant range [from, to) of a period: the first day's start to the day after the last. */
export function reportPeriodInstants(period: ReportPeriod): { from: Date; to: Date } {
  return { from: brasiliaDayStart(period.from), to: brasiliaDayStart(addDays(period.to, 1)) };
}

/** Brasília wall-clock 'YYYY-MM-DD HH:MM:SS' of an instant (how the back office shows a creation time). */
export function brasiliaTimestamp(instant: Date): string {
  const { date, time } = brasiliaDateTime(instant);
  return `${date} ${time}`;
}
