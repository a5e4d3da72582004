// Creditor plans of the sign-up wizard (spec 002 §3 "Plans (hard-coded)", §9 "Plan prices per month"). Prices are
// integer centavos; the card shows a higher "from" price so the monthly price reads as a 10% discount.

export type CreditorPlanCode = 1 | 2;

export interface CreditorPlan {
  code: CreditorPlanCode;
  name: string;
  /** Monthly price in centavos. */
  priceCents: number;
  /** emp_usa_site of the sign-up payload: the plan includes the debtor portal (S) or only the CRM (N). */
  usesPortal: 'S' | 'N';
  /** item_1 to item_3: what the plan includes, one line each. */
  items: readonly [string, string, string];
}

export const CREDITOR_PLANS: readonly CreditorPlan[] = [
  {
    code: 1,
    name: 'CRM - Sistema de cobrança',
    priceCents: 11_260,
    usesPortal: 'N',
    items: [
      'Carteira de devedores, contratos e parcelas em um só lugar',
      'Acordos, boletos e histórico de contato de cada devedor',
      'Relatórios de recuperação e suporte por e-mail',
    ],
  },
  {
    code: 2,
    name: 'Portal + CRM',
    priceCents: 15_111,
    usesPortal: 'S',
    items: [
      'Tudo do CRM - Sistema de cobrança',
      'Portal de autonegociação com a sua marca, aberto 24 horas',
      'Acordos, boletos, PIX e cartão feitos pelo próprio devedor',
    ],
  },
];

/** Spec 002 §9 "10% discount for joining today", in the card's language. */
export const CREDITOR_PLAN_DISCOUNT_TEXT = '10% de desconto para quem aderir hoje';

/**
 * The crossed-out price on the card (spec 002 §9: value / 9 x 10), in centavos, rounded to the nearest centavo
 * (a ninth is never exactly half): 11260 -> 12511 (from 12511.1), 15111 -> 16790.
 */
export function creditorPlanFullPriceCents(priceCents: number): number {
  return Math.round((priceCents * 10) / 9);
}

export function findCreditorPlan(code: number): CreditorPlan | undefined {
  return CREDITOR_PLANS.find((plan) => plan.code === code);
}

/** The plan an emp_usa_site flag stands for (each plan has its own flag). */
export function creditorPlanForUsesPortal(usesPortal: string): CreditorPlan | undefined {
  return CREDITOR_PLANS.find((plan) => plan.usesPortal === usesPortal);
}

/** A plan as getPlanosAtivos answers it (docs/api.md "Creditor registration and sign-up"): money in centavos. */
export interface CreditorPlanWire {
  codigo: number;
  nome: string;
  valor_centavos: number;
  valor_cheio_centavos: number;
  desconto: string;
  emp_usa_site: 'S' | 'N';
  item_1: string;
  item_2: string;
  item_3: string;
}
