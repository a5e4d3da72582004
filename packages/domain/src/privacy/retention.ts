// How long the portal keeps each kind of personal data the retention jobs erase (docs/decisions/055, 057, 072, 084).
// The privacy policy shows these figures, so its text and the jobs cannot drift apart.
import { addDays, addMonths } from '../dates';
import {
  ACCESS_RECORD_MONTHS,
  CALL_REQUEST_RETENTION_DAYS,
  DATA_RETENTION_YEARS,
  DEBTOR_REQUEST_RETENTION_DAYS,
  PRIVACY_REQUEST_PROOF_YEARS,
} from '../legal/terms';
import { brasiliaDayStart } from '../reporting/period';

export type RetentionPeriod = { years: number } | { months: number } | { days: number };

/**
 * Each kind's period, counted from the Brasília date its clock starts: the send for job applications, leads and
 * creditor leads, signed up or not (their sender's one use of the service), the answer for the queues' items, which
 * are kept while they wait for one, the step for a navigation step (then anonymised) and the expiry for a session.
 */
export const RETENTION_PERIODS = {
  job_application: { years: DATA_RETENTION_YEARS },
  lead: { years: DATA_RETENTION_YEARS },
  creditor_lead: { years: DATA_RETENTION_YEARS },
  signed_up_creditor_lead: { years: DATA_RETENTION_YEARS },
  contact_message: { years: DATA_RETENTION_YEARS },
  privacy_request: { years: PRIVACY_REQUEST_PROOF_YEARS },
  call_request: { days: CALL_REQUEST_RETENTION_DAYS },
  cannot_pay: { days: DEBTOR_REQUEST_RETENTION_DAYS },
  proposal: { days: DEBTOR_REQUEST_RETENTION_DAYS },
  dispute: { years: DATA_RETENTION_YEARS },
  step_log: { months: ACCESS_RECORD_MONTHS },
  debtor_session: { months: ACCESS_RECORD_MONTHS },
} as const satisfies Record<string, RetentionPeriod>;
export type RetainedKind = keyof typeof RETENTION_PERIODS;

/**
 * The last Brasília date whose rows a run on `date` erases: the same date one period earlier ("no máximo": a row of
 * 25/11/2021 goes on 25/11/2026, whatever its hour; 29/02 counts to 28/02 in a common year).
 */
export function lastDateExpired(date: string, period: RetentionPeriod): string {
  if ('years' in period) return addMonths(date, -12 * period.years);
  return 'months' in period ? addMonths(date, -period.months) : addDays(date, -period.days);
}

/** The first instant whose rows a run on Brasília `date` keeps: the start of the day after lastDateExpired's. */
export function firstKeptInstant(date: string, period: RetentionPeriod): Date {
  return brasiliaDayStart(addDays(lastDateExpired(date, period), 1));
}
