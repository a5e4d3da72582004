import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  discountedBalance,
  isDiscounted,
  type PlanQuote,
  type PlanRequest,
  priceTableFactor,
  quotePlans,
  updateInstalment,
} from './engine';
import { type NegotiationPolicy, resolvePolicy, UNSET_NEGOTIATION_POLICY } from './policy';

// A store whose staff chose the discounts the demo stores offer: 100% off charges and 10% off principal in cash,
// 50% off charges in instalments.
const DISCOUNTING: NegotiationPolicy = {
  ...UNSET_NEGOTIATION_POLICY,
  cashDiscount: { feesBp: 10_000, principalBp: 1_000 },
  instalmentDiscount: { feesBp: 5_000, principalBp: 0 },
};
const policy = (overrides: Partial<NegotiationPolicy> = {}): NegotiationPolicy =>
  resolvePolicy({ ...DISCOUNTING, ...overrides });

describe('updateInstalment (fine 2% once + 1% a month pro rata die, on the original value)', () => {
  it.each([
    // R$ 100,00 due 22/09/2026, as of 22/11/2026: 61 days late. Fine 2% = 200. Interest 10000 x 1% x 61/30 = 203,33 -> 203.
    [
      10_000,
      '2026-09-22',
      '2026-11-22',
      { fineCents: 200, interestCents: 203, updatedCents: 10_403, daysLate: 61 },
    ],
    // One day late: fine 2% of R$ 249,90 = 4,998 -> 500; interest 24990 x 1% / 30 = 8,33 -> 8.
    [
      24_990,
      '2026-11-24',
      '2026-11-25',
      { fineCents: 500, interestCents: 8, updatedCents: 25_498, daysLate: 1 },
    ],
    // Due on a Saturday: paid on the Monday, nothing added (FEBRABAN); on the Tuesday, late from the Saturday.
    [
      24_990,
      '2026-11-28',
      '2026-11-30',
      { fineCents: 0, interestCents: 0, updatedCents: 24_990, daysLate: 0 },
    ],
    [
      24_990,
      '2026-11-28',
      '2026-12-01',
      { fineCents: 500, interestCents: 25, updatedCents: 25_515, daysLate: 3 },
    ],
    // Due on 31 December (no banking), then New Year and a weekend: nothing added until Monday 4 January 2027.
    [
      24_990,
      '2026-12-31',
      '2027-01-04',
      { fineCents: 0, interestCents: 0, updatedCents: 24_990, daysLate: 0 },
    ],
    // Due today or later: nothing added.
    [
      24_990,
      '2026-11-22',
      '2026-11-22',
      { fineCents: 0, interestCents: 0, updatedCents: 24_990, daysLate: 0 },
    ],
    [
      24_990,
      '2027-01-10',
      '2026-11-22',
      { fineCents: 0, interestCents: 0, updatedCents: 24_990, daysLate: 0 },
    ],
    // A year late (365 days, 2025-11-22 .. 2026-11-22): 59900 x 1% x 365/30 = 7287,83 -> 7288; fine 1198.
    [
      59_900,
      '2025-11-22',
      '2026-11-22',
      { fineCents: 1_198, interestCents: 7_288, updatedCents: 68_386, daysLate: 365 },
    ],
  ])('%i centavos due %s as of %s', (original, due, asOf, expected) => {
    expect(updateInstalment(original, due, asOf, DISCOUNTING)).toEqual({
      originalCents: original,
      ...expected,
    });
  });

  it('caps the fine at 2% (CDC art. 52 §1) whatever the store asks', () => {
    expect(resolvePolicy({ lateFineBp: 1_000 }).lateFineBp).toBe(200);
    expect(
      updateInstalment(10_000, '2026-10-22', '2026-11-22', resolvePolicy({ lateFineBp: 1_000 })).fineCents,
    ).toBe(200);
  });

  it('crosses a leap day by calendar days', () => {
    // 2024-02-28 .. 2024-03-01 is 2 days in a leap year: 30000 x 1% x 2/30 = 20.
    expect(updateInstalment(30_000, '2024-02-28', '2024-03-01', DISCOUNTING).interestCents).toBe(20);
    // In 2028 the 28th is Carnival Monday: paid on Ash Wednesday (1 March), nothing is added.
    expect(updateInstalment(30_000, '2028-02-28', '2028-03-01', DISCOUNTING).interestCents).toBe(0);
  });
});

describe('discounts', () => {
  it('applies the principal and charges discounts separately, half up', () => {
    // Principal 100000 less 10% = 90000; charges 5001 less 50% (2500,5 -> 2501) = 2500.
    expect(
      discountedBalance(
        { principalCents: 100_000, chargesCents: 5_001 },
        { principalBp: 1_000, feesBp: 5_000 },
      ),
    ).toBe(92_500);
    expect(applyRate(3, 5_000)).toBe(2);
  });

  it('never discounts paying in full less than instalments', () => {
    const resolved = resolvePolicy({
      cashDiscount: { feesBp: 1_000, principalBp: 0 },
      instalmentDiscount: { feesBp: 3_000, principalBp: 500 },
    });
    expect(resolved.cashDiscount).toEqual({ feesBp: 3_000, principalBp: 500 });
  });
});

describe('quotePlans', () => {
  const balance = { principalCents: 90_000, chargesCents: 10_000 };

  it('pay in full: one plan with the cash discounts', () => {
    // The cash discount chosen: 100% of charges, 10% of principal -> 81000.
    const [plan, ...rest] = quotePlans({
      balance,
      futureCents: 0,
      includeFuture: false,
      mode: 'A',
      policy: policy(),
    });
    expect(rest).toEqual([]);
    expect(plan).toEqual({
      instalmentCount: 0,
      entryCents: 81_000,
      instalmentCents: 0,
      totalCents: 81_000,
      futureIncluded: false,
      futureTotalCents: 0,
      discountCents: 19_000,
      discountPercent: 19,
    });
  });

  it('instalments: Price table, entry as the first equal payment, leftovers in the entry', () => {
    // Instalment discount: 50% of charges -> 95000 financed. 1.99% a month, n = 2:
    // a(2) = (1 - 1.0199^-2) / 0.0199 = 1.94184555..., factor 3 / 2.94184555 = 1.01976801..., total 96877,96 -> 96878.
    // 96878 / 3 = 32292 (floor) per instalment; entry 96878 - 2 x 32292 = 32294.
    const plans = quotePlans({ balance, futureCents: 0, includeFuture: false, mode: 'P', policy: policy() });
    const two = plans.find((p) => p.instalmentCount === 2);
    expect(priceTableFactor(2, 199)).toBeCloseTo(1.0197680137, 9);
    expect(two).toMatchObject({ entryCents: 32_294, instalmentCents: 32_292, totalCents: 96_878 });
    expect(plans.map((p) => p.instalmentCount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('without interest the total is the discounted balance and the remainder goes to the entry', () => {
    const plans = quotePlans({
      balance: { principalCents: 10_000, chargesCents: 0 },
      futureCents: 0,
      includeFuture: false,
      mode: 'P',
      policy: policy({
        instalmentInterestMonthlyBp: 0,
        instalmentDiscount: { feesBp: 0, principalBp: 0 },
        minEntryCents: 1,
        minInstalmentCents: 1,
        maxInstalments: 2,
      }),
    });
    // 10000 / 3 = 3333 per instalment, entry 3334.
    expect(plans[1]).toMatchObject({
      instalmentCount: 2,
      entryCents: 3_334,
      instalmentCents: 3_333,
      totalCents: 10_000,
    });
  });

  it('drops plans under the minimum instalment or entry', () => {
    // 12000 financed without interest: n = 1 -> 6000 each; n = 2 -> 4000 (< 5000 minimum): stops at n = 1.
    const plans = quotePlans({
      balance: { principalCents: 12_000, chargesCents: 0 },
      futureCents: 0,
      includeFuture: false,
      mode: 'P',
      policy: policy({ instalmentInterestMonthlyBp: 0, instalmentDiscount: { feesBp: 0, principalBp: 0 } }),
    });
    expect(plans.map((p) => [p.instalmentCount, p.entryCents, p.instalmentCents])).toEqual([
      [1, 6_000, 6_000],
    ]);
  });

  it('adds the future entries at face value only when included', () => {
    const request = { balance, futureCents: 20_000, mode: 'A' as const, policy: policy() };
    expect(quotePlans({ ...request, includeFuture: false })[0]).toMatchObject({
      totalCents: 81_000,
      futureIncluded: false,
      futureTotalCents: 20_000,
    });
    expect(quotePlans({ ...request, includeFuture: true })[0]).toMatchObject({
      totalCents: 101_000,
      futureIncluded: true,
    });
  });

  it('offers nothing for a settled debt', () => {
    expect(
      quotePlans({
        balance: { principalCents: 0, chargesCents: 0 },
        futureCents: 0,
        includeFuture: false,
        mode: 'A',
        policy: policy(),
      }),
    ).toEqual([]);
  });
});

describe('isDiscounted (spec 001 §9)', () => {
  it.each([
    [19, 100_000, 81_000, true],
    [0, 100_000, 100_000, false],
    [5, 80_000, 81_000, false],
  ])('%d%% of %i against %i -> %s', (percent, balance, total, expected) => {
    expect(isDiscounted(percent, balance, total)).toBe(expected);
  });
});

// Properties (issue 4 §4), 1,000 runs each.
const rates = fc.record({
  feesBp: fc.integer({ min: 0, max: 10_000 }),
  principalBp: fc.integer({ min: 0, max: 9_999 }),
});
const anyPolicy = fc
  .record({
    lateFineBp: fc.integer({ min: 0, max: 200 }),
    lateInterestMonthlyBp: fc.integer({ min: 0, max: 1_000 }),
    cashDiscount: rates,
    instalmentDiscount: rates,
    maxInstalments: fc.integer({ min: 0, max: 60 }),
    instalmentInterestMonthlyBp: fc.integer({ min: 0, max: 1_000 }),
    minInstalmentCents: fc.integer({ min: 1, max: 20_000 }),
    minEntryCents: fc.integer({ min: 1, max: 20_000 }),
    maxEntryDays: fc.integer({ min: 0, max: 60 }),
  })
  .map(resolvePolicy);
const anyRequest = fc.record({
  balance: fc.record({
    principalCents: fc.integer({ min: 0, max: 50_000_000 }),
    chargesCents: fc.integer({ min: 0, max: 5_000_000 }),
  }),
  futureCents: fc.integer({ min: 0, max: 5_000_000 }),
  includeFuture: fc.boolean(),
  policy: anyPolicy,
});
const RUNS = { numRuns: 1_000 };
type AnyRequest = Omit<PlanRequest, 'mode'>;
const both = (r: AnyRequest): PlanQuote[] => [
  ...quotePlans({ ...r, mode: 'A' }),
  ...quotePlans({ ...r, mode: 'P' }),
];

describe('plan properties', () => {
  it('totals add up to the centavo', () => {
    fc.assert(
      fc.property(anyRequest, (r) =>
        both(r).every((p) => p.totalCents === p.entryCents + p.instalmentCount * p.instalmentCents),
      ),
      RUNS,
    );
  });

  it('no negative values, and instalments never above the entry (the entry holds the leftovers)', () => {
    fc.assert(
      fc.property(anyRequest, (r) =>
        both(r).every(
          (p) =>
            p.entryCents >= 0 &&
            p.instalmentCents >= 0 &&
            p.totalCents >= 0 &&
            p.discountCents >= 0 &&
            p.discountPercent >= 0 &&
            (p.instalmentCount === 0 || p.entryCents >= p.instalmentCents),
        ),
      ),
      RUNS,
    );
  });

  it('more instalments never cost less in total when interest > 0', () => {
    fc.assert(
      fc.property(anyRequest, fc.integer({ min: 1, max: 1_000 }), (r, interest) => {
        const plans = quotePlans({
          ...r,
          mode: 'P',
          policy: { ...r.policy, instalmentInterestMonthlyBp: interest },
        });
        return plans.every((p, i) => i === 0 || p.totalCents >= plans[i - 1]!.totalCents);
      }),
      RUNS,
    );
  });

  it('pay in full never costs more than any instalment plan', () => {
    fc.assert(
      fc.property(anyRequest, (r) => {
        const [full] = quotePlans({ ...r, mode: 'A' });
        return quotePlans({ ...r, mode: 'P' }).every(
          (p) => full !== undefined && full.totalCents <= p.totalCents,
        );
      }),
      RUNS,
    );
  });

  it('respects the store limits', () => {
    fc.assert(
      fc.property(anyRequest, (r) =>
        quotePlans({ ...r, mode: 'P' }).every(
          (p) =>
            p.instalmentCount >= 1 &&
            p.instalmentCount <= r.policy.maxInstalments &&
            p.instalmentCents >= r.policy.minInstalmentCents &&
            p.entryCents >= r.policy.minEntryCents,
        ),
      ),
      RUNS,
    );
  });

  it('the updated value never falls below the original and grows with lateness', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 30 }),
        anyPolicy,
        (original, days, more, p) => {
          const asOf = '2026-11-22';
          const due = new Date(Date.UTC(2026, 10, 22) - days * 86_400_000).toISOString().slice(0, 10);
          const later = new Date(Date.UTC(2026, 10, 22) + more * 86_400_000).toISOString().slice(0, 10);
          const now = updateInstalment(original, due, asOf, p);
          const then = updateInstalment(original, due, later, p);
          return (
            now.updatedCents >= original &&
            then.updatedCents >= now.updatedCents &&
            now.fineCents <= Math.ceil(original * 0.02)
          );
        },
      ),
      RUNS,
    );
  });
});
