import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotePlans } from './engine';
import {
  type NegotiationPolicy,
  resolvePolicy,
  UNSET_NEGOTIATION_POLICY,
  UNSET_NEGOTIATION_TERMS,
} from './policy';
import { negotiationTermsSchema, POLICY_MESSAGES } from './policy-schema';

// Issue 18 item 1 / decision 027: staff set the policy with the engine's own figures and ranges, and a store whose
// policy was never set offers no discount.

const terms = (overrides: Record<string, unknown> = {}) => ({ ...UNSET_NEGOTIATION_TERMS, ...overrides });
const firstMessage = (input: unknown) => {
  const result = negotiationTermsSchema.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('negotiationTermsSchema', () => {
  it.each([
    [
      'a fine over 2% (CDC art. 52 §1)',
      { lateFineBp: 201 },
      'lateFineBp',
      'O campo multa por atraso deve estar entre 0% e 2%.',
    ],
    [
      'a negative interest',
      { lateInterestMonthlyBp: -1 },
      'lateInterestMonthlyBp',
      'O campo juros de mora ao mês deve estar entre 0% e 10%.',
    ],
    [
      'a 100% principal discount',
      { cashDiscount: { feesBp: 0, principalBp: 10_000 } },
      'cashDiscount.principalBp',
      'O campo desconto no principal deve estar entre 0% e 99,99%.',
    ],
    [
      'a fraction of a basis point',
      { instalmentInterestMonthlyBp: 1.5 },
      'instalmentInterestMonthlyBp',
      'Informe o campo juros do parcelamento ao mês com no máximo duas casas decimais.',
    ],
    [
      'more than 120 instalments',
      { maxInstalments: 121 },
      'maxInstalments',
      'O campo número máximo de parcelas deve estar entre 0 e 120.',
    ],
    [
      'a zero minimum instalment',
      { minInstalmentCents: 0 },
      'minInstalmentCents',
      'O campo parcela mínima deve estar entre R$ 0,01 e R$ 1.000.000,00.',
    ],
    [
      'a text where a number goes',
      { minEntryCents: '50' },
      'minEntryCents',
      'O campo entrada mínima deve estar entre R$ 0,01 e R$ 1.000.000,00.',
    ],
    [
      'a cash discount below the instalment one',
      {
        cashDiscount: { feesBp: 1_000, principalBp: 0 },
        instalmentDiscount: { feesBp: 3_000, principalBp: 0 },
      },
      'cashDiscount.feesBp',
      POLICY_MESSAGES.cashBelowInstalment,
    ],
  ])('refuses %s in Portuguese', (_name, overrides, path, message) => {
    expect(firstMessage(terms(overrides))).toEqual({ path, message });
  });

  it('accepts the unset policy and a discounting one', () => {
    expect(firstMessage(terms())).toBeNull();
    expect(
      firstMessage(
        terms({
          cashDiscount: { feesBp: 10_000, principalBp: 1_000 },
          instalmentDiscount: { feesBp: 5_000, principalBp: 0 },
        }),
      ),
    ).toBeNull();
  });

  // The schema and the engine agree: whatever the engine resolves passes, and whatever passes the engine keeps as is.
  const figure = (max: number) => fc.integer({ min: -50, max: max + 50 });
  const rates = fc.record({ feesBp: figure(10_000), principalBp: figure(10_000) });
  const anyTerms = fc.record({
    lateFineBp: figure(200),
    lateInterestMonthlyBp: figure(1_000),
    cashDiscount: rates,
    instalmentDiscount: rates,
    maxInstalments: figure(120),
    instalmentInterestMonthlyBp: figure(1_000),
    minInstalmentCents: figure(100_000),
    minEntryCents: figure(100_000),
  });
  it('accepts every policy resolvePolicy gives, and resolvePolicy keeps every policy it accepts', () => {
    fc.assert(
      fc.property(anyTerms, (raw) => {
        const { maxEntryDays, ...resolved } = resolvePolicy(raw);
        expect(negotiationTermsSchema.safeParse(resolved).success).toBe(true);
        const parsed = negotiationTermsSchema.safeParse(raw);
        if (parsed.success)
          expect(resolvePolicy({ ...parsed.data, maxEntryDays })).toEqual({ ...raw, maxEntryDays });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('a store without a policy set by staff (decision 027)', () => {
  const balance = { principalCents: 90_000, chargesCents: 10_000 };
  const plans = (policy: NegotiationPolicy, mode: 'A' | 'P') =>
    quotePlans({ balance, futureCents: 0, includeFuture: false, mode, policy });

  it.each([null, undefined, {}])('offers no discount for a stored policy of %o', (stored) => {
    const policy = resolvePolicy(stored);
    expect(policy).toEqual(UNSET_NEGOTIATION_POLICY);
    expect(plans(policy, 'A')).toMatchObject([{ totalCents: 100_000, discountCents: 0 }]);
    expect(plans(policy, 'P').every((plan) => plan.discountCents === 0)).toBe(true);
  });
});
