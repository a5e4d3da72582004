import { z } from 'zod';
import { formatMoney } from '../money';
import { formatDecimal } from '../numbers';
import { type NegotiationTerms, POLICY_LIMITS } from './policy';

// The negotiation policy as staff set it (issue 18 item 1; decision 027): the figures the engine reads, in its own
// units (basis points and centavos), within the ranges resolvePolicy clamps to, so a policy this schema accepts is
// exactly the policy the engine applies (policy-schema.test.ts checks both ways).

/** A rate in basis points as people read it: 199 -> '1,99%'. */
export const formatBasisPoints = (bp: number): string => `${formatDecimal(bp / 100)}%`;
const reais = (cents: number) => formatMoney(cents).replace('\u00a0', ' ');

type Limited = keyof typeof POLICY_LIMITS;

/** Labels of the policy's figures, as the form names them and its messages say them. */
export const POLICY_LABELS = {
  lateFineBp: 'multa por atraso',
  lateInterestMonthlyBp: 'juros de mora ao mês',
  feesBp: 'desconto nos encargos',
  principalBp: 'desconto no principal',
  maxInstalments: 'número máximo de parcelas',
  instalmentInterestMonthlyBp: 'juros do parcelamento ao mês',
  minInstalmentCents: 'parcela mínima',
  minEntryCents: 'entrada mínima',
  maxEntryDays: 'prazo máximo para a primeira parcela',
} as const satisfies Record<Limited, string>;

const UNITS: Record<Limited, (value: number) => string> = {
  lateFineBp: formatBasisPoints,
  lateInterestMonthlyBp: formatBasisPoints,
  feesBp: formatBasisPoints,
  principalBp: formatBasisPoints,
  maxInstalments: String,
  instalmentInterestMonthlyBp: formatBasisPoints,
  minInstalmentCents: reais,
  minEntryCents: reais,
  maxEntryDays: (days) => `${days} dias`,
};

export const POLICY_MESSAGES = {
  /** The one rule across fields: paying in full never costs more than a plan (resolvePolicy enforces it too). */
  cashBelowInstalment: 'O desconto à vista não pode ser menor que o desconto parcelado.',
  range: (field: Limited) => {
    const { min, max } = POLICY_LIMITS[field];
    return `O campo ${POLICY_LABELS[field]} deve estar entre ${UNITS[field](min)} e ${UNITS[field](max)}.`;
  },
  /** Basis points and centavos are whole numbers: a percent with at most two decimals, money to the centavo. */
  whole: (field: Limited) => `Informe o campo ${POLICY_LABELS[field]} com no máximo duas casas decimais.`,
} as const;

/** One figure of the policy: a whole number (bp, centavos, days) within its POLICY_LIMITS range. */
export const policyFigure = (field: Limited) =>
  z
    .number({ error: POLICY_MESSAGES.range(field) })
    .int(POLICY_MESSAGES.whole(field))
    .min(POLICY_LIMITS[field].min, POLICY_MESSAGES.range(field))
    .max(POLICY_LIMITS[field].max, POLICY_MESSAGES.range(field));

const discount = z.object({ feesBp: policyFigure('feesBp'), principalBp: policyFigure('principalBp') });

/** stores.politica_negociacao as staff set it: every figure the engine reads but maxEntryDays (a column of its own). */
export const negotiationTermsSchema = z
  .object({
    lateFineBp: policyFigure('lateFineBp'),
    lateInterestMonthlyBp: policyFigure('lateInterestMonthlyBp'),
    cashDiscount: discount,
    instalmentDiscount: discount,
    maxInstalments: policyFigure('maxInstalments'),
    instalmentInterestMonthlyBp: policyFigure('instalmentInterestMonthlyBp'),
    minInstalmentCents: policyFigure('minInstalmentCents'),
    minEntryCents: policyFigure('minEntryCents'),
  })
  .superRefine((terms, ctx) => {
    for (const part of ['feesBp', 'principalBp'] as const) {
      if (terms.cashDiscount[part] < terms.instalmentDiscount[part])
        ctx.addIssue({
          code: 'custom',
          path: ['cashDiscount', part],
          message: POLICY_MESSAGES.cashBelowInstalment,
        });
    }
  }) satisfies z.ZodType<NegotiationTerms>;
