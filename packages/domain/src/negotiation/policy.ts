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

/** The range of each figure of a policy: what resolvePolicy clamps to and what the store form accepts. */
export const POLICY_LIMITS = {
  lateFineBp: { min: 0, max: MAX_LATE_FINE_BP },
  lateInterestMonthlyBp: { min: 0, max: 1_000 },
  feesBp: { min: 0, max: BP },
  // A principal discount of 100% would be a write-off, not a negotiation.
  principalBp: { min: 0, max: BP - 1 },
  maxInstalments: { min: 0, max: 120 },
  instalmentInterestMonthlyBp: { min: 0, max: 1_000 },
  minInstalmentCents: { min: 1, max: 100_000_000 },
  minEntryCents: { min: 1, max: 100_000_000 },
  maxEntryDays: { min: 0, max: 365 },
} as const;

/**
 * The policy of a store whose staff never set one (stores.politica_negociacao null; decision 027): the legal
 * charges and a plain instalment plan, and no discount at all. Nobody chose a discount, so none is offered: an
 * imported store negotiates at face value until staff set its policy in the back office.
 */
export const UNSET_NEGOTIATION_POLICY: NegotiationPolicy = {
  lateFineBp: 200,
  lateInterestMonthlyBp: 100,
  cashDiscount: { feesBp: 0, principalBp: 0 },
  instalmentDiscount: { feesBp: 0, principalBp: 0 },
  maxInstalments: 12,
  instalmentInterestMonthlyBp: 199,
  minInstalmentCents: 5_000,
  minEntryCents: 5_000,
  maxEntryDays: 10,
};

/** What stores.politica_negociacao holds once staff set it: every figure but the first due date's limit (a column). */
export type NegotiationTerms = Omit<NegotiationPolicy, 'maxEntryDays'>;

const { maxEntryDays: _firstDueDateLimit, ...unsetTerms } = UNSET_NEGOTIATION_POLICY;
/** UNSET_NEGOTIATION_POLICY's terms: where staff start when they set a policy (no discount until they choose one). */
export const UNSET_NEGOTIATION_TERMS: NegotiationTerms = unsetTerms;

const clampInt = (value: unknown, limits: { min: number; max: number }, fallback: number): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(limits.max, Math.max(limits.min, n));
};

/**
 * A complete, safe policy from a stored one: null (never set) is UNSET_NEGOTIATION_POLICY, with no discount; a
 * field a stored policy lacks takes that policy's value too; rates are clamped to POLICY_LIMITS, and paying in full
 * is never discounted less than instalments (so pay in full never costs more than a plan).
 */
export function resolvePolicy(stored: Partial<NegotiationPolicy> | null | undefined): NegotiationPolicy {
  const d = UNSET_NEGOTIATION_POLICY;
  const L = POLICY_LIMITS;
  const s = stored ?? {};
  const instalmentDiscount = {
    feesBp: clampInt(s.instalmentDiscount?.feesBp, L.feesBp, d.instalmentDiscount.feesBp),
    principalBp: clampInt(s.instalmentDiscount?.principalBp, L.principalBp, d.instalmentDiscount.principalBp),
  };
  return {
    lateFineBp: clampInt(s.lateFineBp, L.lateFineBp, d.lateFineBp),
    lateInterestMonthlyBp: clampInt(
      s.lateInterestMonthlyBp,
      L.lateInterestMonthlyBp,
      d.lateInterestMonthlyBp,
    ),
    cashDiscount: {
      feesBp: Math.max(
        instalmentDiscount.feesBp,
        clampInt(s.cashDiscount?.feesBp, L.feesBp, d.cashDiscount.feesBp),
      ),
      principalBp: Math.max(
        instalmentDiscount.principalBp,
        clampInt(s.cashDiscount?.principalBp, L.principalBp, d.cashDiscount.principalBp),
      ),
    },
    instalmentDiscount,
    maxInstalments: clampInt(s.maxInstalments, L.maxInstalments, d.maxInstalments),
    instalmentInterestMonthlyBp: clampInt(
      s.instalmentInterestMonthlyBp,
      L.instalmentInterestMonthlyBp,
      d.instalmentInterestMonthlyBp,
    ),
    minInstalmentCents: clampInt(s.minInstalmentCents, L.minInstalmentCents, d.minInstalmentCents),
    minEntryCents: clampInt(s.minEntryCents, L.minEntryCents, d.minEntryCents),
    maxEntryDays: clampInt(s.maxEntryDays, L.maxEntryDays, d.maxEntryDays),
  };
}
