import {
  CREDITOR_PLAN_DISCOUNT_TEXT,
  CREDITOR_PLANS,
  type CreditorPlanWire,
  creditorPlanFullPriceCents,
} from '@portal/domain';

/** getPlanosAtivos (spec 002 §3 "Plans (hard-coded)", §9): both plans with the displayed higher price. */
export function listCreditorPlans(): CreditorPlanWire[] {
  return CREDITOR_PLANS.map((plan) => ({
    codigo: plan.code,
    nome: plan.name,
    valor_centavos: plan.priceCents,
    valor_cheio_centavos: creditorPlanFullPriceCents(plan.priceCents),
    desconto: CREDITOR_PLAN_DISCOUNT_TEXT,
    emp_usa_site: plan.usesPortal,
    item_1: plan.items[0],
    item_2: plan.items[1],
    item_3: plan.items[2],
  }));
}
