import { nextBusinessDay } from '../business-days';
import { daysBetween } from '../dates';
import { BP, type DiscountRates, type NegotiationPolicy } from './policy';

// The negotiation engine (issue 4 §4): updated values of overdue instalments and the plans offered for them. Pure
// integer centavo arithmetic; products that could pass 2^53 are taken in BigInt.

/** Rounds numerator / denominator half up (away from zero for the non-negative values used here). */
function divideRounded(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** value x bp / 10,000, rounded half up. */
export function applyRate(valueCents: number, bp: number): number {
  return divideRounded(BigInt(valueCents) * BigInt(bp), BigInt(BP));
}

export interface UpdatedInstalment {
  originalCents: number;
  /** Late fine: policy rate on the original value, once, when overdue (CDC art. 52 §1 caps it at 2%). */
  fineCents: number;
  /** Late interest: monthly rate pro rata die (rate / 30 per day late) on the original value. */
  interestCents: number;
  /** original + fine + interest. */
  updatedCents: number;
  /** Days after the due date (0 when not overdue). */
  daysLate: number;
}

/**
 * The updated value of an instalment as of a Brasília date (issue 4 §4): fine plus pro rata die interest on the
 * original value when the date is after the due date; the original value otherwise. One due on a weekend or bank
 * holiday is paid without charges on the next business day (FEBRABAN: bills due when banks are closed are paid on the
 * next business day without additions); after that day it is late from its due date.
 */
export function updateInstalment(
  originalCents: number,
  dueDate: string,
  asOf: string,
  policy: Pick<NegotiationPolicy, 'lateFineBp' | 'lateInterestMonthlyBp'>,
): UpdatedInstalment {
  const daysLate = asOf > nextBusinessDay(dueDate) ? daysBetween(dueDate, asOf) : 0;
  if (daysLate === 0 || originalCents <= 0) {
    return { originalCents, fineCents: 0, interestCents: 0, updatedCents: originalCents, daysLate };
  }
  const fineCents = applyRate(originalCents, policy.lateFineBp);
  // Commercial month of 30 days for the daily rate (juros de mora pro rata die).
  const interestCents = divideRounded(
    BigInt(originalCents) * BigInt(policy.lateInterestMonthlyBp) * BigInt(daysLate),
    BigInt(BP * 30),
  );
  return {
    originalCents,
    fineCents,
    interestCents,
    updatedCents: originalCents + fineCents + interestCents,
    daysLate,
  };
}

/** What a debt is made of once updated: principal and charges (fine + interest). */
export interface DebtBalance {
  principalCents: number;
  chargesCents: number;
}

export function sumBalance(instalments: readonly UpdatedInstalment[]): DebtBalance {
  let principalCents = 0;
  let chargesCents = 0;
  for (const i of instalments) {
    principalCents += i.originalCents;
    chargesCents += i.fineCents + i.interestCents;
  }
  return { principalCents, chargesCents };
}

/** The balance after the store's discounts on principal and on charges. */
export function discountedBalance(balance: DebtBalance, rates: DiscountRates): number {
  return (
    balance.principalCents -
    applyRate(balance.principalCents, rates.principalBp) +
    balance.chargesCents -
    applyRate(balance.chargesCents, rates.feesBp)
  );
}

export type PaymentMode = 'A' | 'P';

export interface PlanRequest {
  balance: DebtBalance;
  /** Future entries (lancamento futuro) of the debt, at face value, and whether the person includes them. */
  futureCents: number;
  includeFuture: boolean;
  mode: PaymentMode;
  policy: NegotiationPolicy;
}

/** A plan in the shape of pre_acordo (spec 001 §3), before the server gives it a code and a due date. */
export interface PlanQuote {
  /** 0 = pay in full; otherwise the number of instalments after the entry. */
  instalmentCount: number;
  entryCents: number;
  instalmentCents: number;
  /** Exactly entry + instalmentCount x instalment. */
  totalCents: number;
  futureIncluded: boolean;
  futureTotalCents: number;
  /** Updated balance (and future entries when included) minus the plan total, never negative. */
  discountCents: number;
  /** discountCents over that balance, percent with two decimals. */
  discountPercent: number;
}

function percentOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : divideRounded(BigInt(part) * 10_000n, BigInt(whole)) / 100;
}

/**
 * Price table with the entry as the first of n + 1 equal payments (annuity due): the factor by which the financed
 * value grows, (n + 1) / (1 + a(n, i)) with a(n, i) = (1 - (1 + i)^-n) / i. It is 1 without interest and grows with n.
 */
export function priceTableFactor(instalmentCount: number, monthlyBp: number): number {
  if (monthlyBp === 0) return 1;
  const i = monthlyBp / BP;
  const presentValue = (1 - (1 + i) ** -instalmentCount) / i;
  return (instalmentCount + 1) / (1 + presentValue);
}

/**
 * The plans a store offers for a debt (issue 4 §4). A: one plan, pay in full with the cash discounts. P: entry plus
 * n equal instalments for n = 1 .. maxInstalments with the instalment discounts and the Price table interest; the
 * centavos the equal split cannot hold go to the entry, so the total is exactly entry + n x instalment; plans whose
 * entry or instalment would fall under the store's minimums are not offered.
 */
export function quotePlans(request: PlanRequest): PlanQuote[] {
  const { balance, policy } = request;
  const future = request.includeFuture ? request.futureCents : 0;
  const reference = balance.principalCents + balance.chargesCents + future;
  const quote = (instalmentCount: number, entryCents: number, instalmentCents: number): PlanQuote => {
    const totalCents = entryCents + instalmentCount * instalmentCents;
    const discountCents = Math.max(0, reference - totalCents);
    return {
      instalmentCount,
      entryCents,
      instalmentCents,
      totalCents,
      futureIncluded: request.includeFuture && request.futureCents > 0,
      futureTotalCents: request.futureCents,
      discountCents,
      discountPercent: percentOf(discountCents, reference),
    };
  };
  if (reference <= 0) return [];
  if (request.mode === 'A') {
    return [quote(0, discountedBalance(balance, policy.cashDiscount) + future, 0)];
  }
  const financed = discountedBalance(balance, policy.instalmentDiscount) + future;
  const plans: PlanQuote[] = [];
  for (let n = 1; n <= policy.maxInstalments; n++) {
    const total = Math.round(financed * priceTableFactor(n, policy.instalmentInterestMonthlyBp));
    const instalmentCents = Math.floor(total / (n + 1));
    const entryCents = total - n * instalmentCents;
    if (instalmentCents < policy.minInstalmentCents || entryCents < policy.minEntryCents) continue;
    plans.push(quote(n, entryCents, instalmentCents));
  }
  return plans;
}

/**
 * Spec 001 §9: "A debt is discounted if the percentual discount is above 0 and the discounted balance is at least
 * the computed total" — the balance the discount is taken from must not be below the total it computes.
 */
export function isDiscounted(
  discountPercent: number,
  balanceCents: number,
  computedTotalCents: number,
): boolean {
  return discountPercent > 0 && balanceCents >= computedTotalCents;
}
