// How long the portal keeps each kind of personal data the retention jobs erase (docs/decisions/055 and 057). The
// privacy policy shows these figures, so its text and the jobs cannot drift apart.
import { addDays, addMonths } from '../dates';
import {
  CALL_REQUEST_RETENTION_DAYS,
  DATA_RETENTION_YEARS,
  PRIVACY_REQUEST_PROOF_YEARS,
} from '../legal/terms';

export type RetentionPeriod = { years: number } | { days: number };

/**
 * Each kind's period, counted from the Brasília date its clock starts: the send for job applications and leads (their
 * sender's one use of the service), the answer for the queues' items, which are kept while they wait for one.
 */
export const RETENTION_PERIODS = {
  job_application: { years: DATA_RETENTION_YEARS },
  lead: { years: DATA_RETENTION_YEARS },
  contact_message: { years: DATA_RETENTION_YEARS },
  privacy_request: { years: PRIVACY_REQUEST_PROOF_YEARS },
  call_request: { days: CALL_REQUEST_RETENTION_DAYS },
} as const satisfies Record<string, RetentionPeriod>;
export type RetainedKind = keyof typeof RETENTION_PERIODS;

/**
 * The last Brasília date whose rows a run on `date` erases: the same date one period earlier ("no máximo": a row of
 * 25/11/2021 goes on 25/11/2026, whatever its hour; 29/02 counts to 28/02 in a common year).
 */
export function lastDateExpired(date: string, period: RetentionPeriod): string {
  return 'years' in period ? addMonths(date, -12 * period.years) : addDays(date, -period.days);
}
