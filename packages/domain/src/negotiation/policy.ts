// A store's negotiation policy (issue 4 §4). Rates are in basis points (1 bp = 0.01%) so every figure stays an
// integer; money is integer centavos.

export interface DiscountRates {
  /** Discount on late fine and late interest, in bp. */
  feesBp: number;
  /** Discount on the principal, in bp. */
  principalBp: number;
}

export interface NegotiationPolicy {
  /** Late fine on the original value, in bp; CDC art. 52 §1 caps it at 2% (200 bp). */
  lateFineBp: number;
  /** Late interest per month on the original value, pro rata die, in bp (default 1% a month). */
  lateInterestMonthlyBp: number;
  /** Discounts when paying in full (A). */
  cashDiscount: DiscountRates;
  /** Discounts when paying in instalments (P). */
  instalmentDiscount: DiscountRates;
  /** Most instalments after the entry. */
  maxInstalments: number;
  /** Monthly interest of the instalment plan (Price table), in bp. */
  instalmentInterestMonthlyBp: number;
  /** Smallest instalment offered, centavos. */
  minInstalmentCents: number;
  /** Smallest entry offered, centavos. */
  minEntryCents: number;
  /** prazo_maximo_entrada_site: the first due date is at most this many days after today (spec 001 §5). */
  maxEntryDays: number;
}

/** CDC (Lei 8.078/1990) art. 52 §1: late fines may not exceed 2% of the instalment. */
export const MAX_LATE_FINE_BP = 200;
export const BP = 10_000;

export const DEFAULT_NEGOTIATION_POLICY: NegotiationPolicy = {
  lateFineBp: 200,
  lateInterestMonthlyBp: 100,
  cashDiscount: { feesBp: 10_000, principalBp: 1_000 },
  instalmentDiscount: { feesBp: 5_000, principalBp: 0 },
  maxInstalments: 12,
  instalmentInterestMonthlyBp: 199,
  minInstalmentCents: 5_000,
  minEntryCents: 5_000,
  maxEntryDays: 10,
};

const clampInt = (value: unknown, min: number, max: number, fallback: number): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(max, Math.max(min, n));
};

/**
 * A complete, safe policy from a stored partial one: missing fields take the defaults, rates are clamped to their
 * legal or sensible range, and paying in full is never discounted less than instalments (so pay in full never
 * costs more than a plan).
 */
export function resolvePolicy(stored: Partial<NegotiationPolicy> | null | undefined): NegotiationPolicy {
  const d = DEFAULT_NEGOTIATION_POLICY;
  const s = stored ?? {};
  const instalmentDiscount = {
    feesBp: clampInt(s.instalmentDiscount?.feesBp, 0, BP, d.instalmentDiscount.feesBp),
    principalBp: clampInt(s.instalmentDiscount?.principalBp, 0, BP - 1, d.instalmentDiscount.principalBp),
  };
  return {
    lateFineBp: clampInt(s.lateFineBp, 0, MAX_LATE_FINE_BP, d.lateFineBp),
    lateInterestMonthlyBp: clampInt(s.lateInterestMonthlyBp, 0, 1_000, d.lateInterestMonthlyBp),
    cashDiscount: {
      feesBp: Math.max(
        instalmentDiscount.feesBp,
        clampInt(s.cashDiscount?.feesBp, 0, BP, d.cashDiscount.feesBp),
      ),
      principalBp: Math.max(
        instalmentDiscount.principalBp,
        clampInt(s.cashDiscount?.principalBp, 0, BP - 1, d.cashDiscount.principalBp),
      ),
    },
    instalmentDiscount,
    maxInstalments: clampInt(s.maxInstalments, 0, 120, d.maxInstalments),
    instalmentInterestMonthlyBp: clampInt(
      s.instalmentInterestMonthlyBp,
      0,
      1_000,
      d.instalmentInterestMonthlyBp,
    ),
    minInstalmentCents: clampInt(s.minInstalmentCents, 1, 100_000_000, d.minInstalmentCents),
    minEntryCents: clampInt(s.minEntryCents, 1, 100_000_000, d.minEntryCents),
    maxEntryDays: clampInt(s.maxEntryDays, 0, 365, d.maxEntryDays),
  };
}
