import { addDays, daysBetween } from '../dates';
import type { InstalmentState } from './agreement-instalments';

// When an agreement's status changes (issue 17 item 5): settled when everything is paid, broken when its entry stays
// unpaid past the store's tolerance; and which Brasília dates a daily job still owes after downtime.

/** Issue 17: the store policy's default days an entry may stay unpaid after its due date (tolerancia_quebra_dias). */
export const DEFAULT_BREAK_TOLERANCE_DAYS = 5;

/** Issue 17 "when every instalment is paid the agreement is settled": paid (P) or settled by card (B), every one. */
export function isFullyPaid(instalments: readonly Pick<InstalmentState, 'payment'>[]): boolean {
  return instalments.length > 0 && instalments.every((i) => i.payment !== null);
}

/**
 * Issue 17 "an agreement whose entry stays unpaid past the store's tolerance ... is broken": on `date` the entry is
 * unpaid and more than `toleranceDays` calendar days have passed since its due date, so a payment made within the
 * tolerance (a boleto posts a day or two after it is paid) is never taken for a broken promise.
 */
export function isEntryBroken(entry: InstalmentState, toleranceDays: number, date: string): boolean {
  return entry.payment === null && daysBetween(entry.dueDate, date) > toleranceDays;
}

/**
 * GUIDE "jobs ... catches up after downtime": the Brasília dates a daily job still has to run, oldest first, from
 * the day after the last one it finished up to today. A job that never ran starts today; at most `maxDays` dates, the
 * most recent ones, so a server restored after a long outage does not replay a year.
 */
export function datesToCatchUp(lastDone: string | null, today: string, maxDays = 31): string[] {
  if (lastDone === null) return [today];
  const missing = daysBetween(lastDone, today);
  if (missing <= 0) return [];
  const count = Math.min(missing, maxDays);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}
