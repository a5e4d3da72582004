import { z } from 'zod';
import {
  addDays,
  brasiliaDateTime,
  daysBetween,
  formatBrDate,
  isValidIsoDate,
  todayInBrasilia,
} from '../dates';

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

// A date field: trimmed ('' when absent), then required, then a real 'YYYY-MM-DD' date.
const dateField = (required: string, invalid: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .pipe(
      z
        .string()
        .min(1, required)
        .refine((value) => value === '' || isValidIsoDate(value), invalid),
    );

/** The two date fields of a report filter, for a filter schema that has more (the dashboard's partner). */
export const reportPeriodFields = {
  data_inicial: dateField(REPORT_PERIOD_MESSAGES.initialRequired, REPORT_PERIOD_MESSAGES.initialInvalid),
  data_final: dateField(REPORT_PERIOD_MESSAGES.finalRequired, REPORT_PERIOD_MESSAGES.finalInvalid),
};

/** The range rules, once both dates are real: the final not before the initial, at most a year. */
export function checkReportPeriodRange(
  input: Record<ReportPeriodField, string>,
  ctx: z.RefinementCtx<Record<ReportPeriodField, string>>,
): void {
  const { data_inicial: from, data_final: to } = input;
  if (!isValidIsoDate(from) || !isValidIsoDate(to)) return;
  const broken = (message: string) => ctx.addIssue({ code: 'custom', path: ['data_final'], message });
  if (to < from) broken(REPORT_PERIOD_MESSAGES.finalBeforeInitial);
  else if (daysBetween(from, to) + 1 > REPORT_PERIOD_MAX_DAYS) broken(REPORT_PERIOD_MESSAGES.tooLong);
}

/** A report's period from its two fields, the rules in this order: present, real dates, final not before initial, at most a year. */
export const reportPeriodSchema = z
  .object(reportPeriodFields)
  .superRefine(checkReportPeriodRange)
  .transform(({ data_inicial, data_final }): ReportPeriod => ({ from: data_inicial, to: data_final }));

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

/** Brasília wall-clock 'YYYY-MM-DD HH:MM:SS' of an instant (how the back office's API sends a creation time). */
export function brasiliaTimestamp(instant: Date): string {
  const { date, time } = brasiliaDateTime(instant);
  return `${date} ${time}`;
}

/**
 * A brasiliaTimestamp as staff read it: 'dd/mm/aaaa HH:MM', with ':SS' where the order of events within a minute
 * matters (the audit log); '' for anything else.
 */
export function formatBrTimestamp(stamp: string, withSeconds = false): string {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(stamp)) return '';
  return `${formatBrDate(stamp)} ${stamp.slice(11, withSeconds ? 19 : 16)}`;
}
