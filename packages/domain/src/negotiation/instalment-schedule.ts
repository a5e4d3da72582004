import { nextBusinessDay } from '../business-days';
import { addMonths, isValidIsoDate } from '../dates';
import type { PlanQuote } from './engine';

/** The figures of an issued plan (pre_acordo, spec 001 §3) that make an agreement's instalments. */
export type SchedulePlan = Pick<
  PlanQuote,
  'entryCents' | 'instalmentCount' | 'instalmentCents' | 'totalCents'
>;

/** One agreement instalment (spec 001 §3 "Agreement instalment": vencimento, valor). */
export interface ScheduledInstalment {
  /** 0 for the entry, then 1 .. instalmentCount. */
  number: number;
  /** The business day the payment falls due. */
  dueDate: string;
  amountCents: number;
}

/**
 * The due date of payment `month` (0 = the first) of a schedule whose first due date is `firstDueDate`: counted in
 * months from that date, moved to the next business day when it falls on a weekend or bank holiday.
 */
export function paymentDueDate(firstDueDate: string, month: number): string {
  return nextBusinessDay(addMonths(firstDueDate, month));
}

/** How many payments a plan makes: its entry, when it has one, and its instalments (instalmentSchedule's rows). */
export function planPaymentCount(plan: Pick<SchedulePlan, 'entryCents' | 'instalmentCount'>): number {
  return (plan.entryCents > 0 ? 1 : 0) + plan.instalmentCount;
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/**
 * The instalments of an agreement (issue 16 item 1): the entry when there is one, then instalmentCount monthly
 * instalments. The first payment falls due on the chosen first due date and each next one a month later, always
 * counted from that date with its day of the month clamped to the month's last day (31 Jan, 28/29 Feb, 31 Mar);
 * a due date on a weekend or bank holiday moves to the next business day. Pay in full (spec 001 §9, pra_quantidade
 * 0) is one payment of the entry. Throws RangeError for an invalid date or a plan whose figures do not add up.
 */
export function instalmentSchedule(plan: SchedulePlan, firstDueDate: string): ScheduledInstalment[] {
  const { entryCents, instalmentCount, instalmentCents, totalCents } = plan;
  if (!isValidIsoDate(firstDueDate)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${firstDueDate}`);
  if (![entryCents, instalmentCount, instalmentCents, totalCents].every(isCount)) {
    throw new RangeError('A plan has whole, non-negative centavos and counts');
  }
  const amounts = [...(entryCents > 0 ? [entryCents] : []), ...Array(instalmentCount).fill(instalmentCents)];
  const remainder = totalCents - amounts.reduce((sum, amount) => sum + amount, 0);
  // Splitting a total into k payments rounds off less than k centavos; more means the plan is not this total's.
  if (amounts.length === 0 || Math.abs(remainder) >= amounts.length) {
    throw new RangeError(`The plan's payments do not make its total of ${totalCents} centavos`);
  }
  // The rounding remainder goes on the last instalment, so that the instalments add up to the agreement total to
  // the centavo while the entry and the others keep the amounts the person was shown.
  amounts[amounts.length - 1] += remainder;
  if (amounts.some((amount) => amount <= 0)) throw new RangeError('Every payment of a plan is above zero');
  const firstNumber = entryCents > 0 ? 0 : 1;
  return amounts.map((amountCents, month) => ({
    number: firstNumber + month,
    dueDate: paymentDueDate(firstDueDate, month),
    amountCents,
  }));
}
