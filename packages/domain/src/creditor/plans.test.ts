import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import {
  CREDITOR_PLAN_DISCOUNT_TEXT,
  CREDITOR_PLANS,
  creditorPlanForUsesPortal,
  creditorPlanFullPriceCents,
  findCreditorPlan,
} from './plans';

describe('creditor plans (spec 002 §3, §9)', () => {
  it('has the two hard-coded plans with their prices in centavos and emp_usa_site', () => {
    expect(
      CREDITOR_PLANS.map(({ code, name, priceCents, usesPortal }) => ({
        code,
        name,
        priceCents,
        usesPortal,
      })),
    ).toEqual([
      { code: 1, name: 'CRM - Sistema de cobrança', priceCents: 11260, usesPortal: 'N' },
      { code: 2, name: 'Portal + CRM', priceCents: 15111, usesPortal: 'S' },
    ]);
    for (const plan of CREDITOR_PLANS) expect(plan.items.every((item) => item.length > 10)).toBe(true);
    expect(CREDITOR_PLAN_DISCOUNT_TEXT).toBe('10% de desconto para quem aderir hoje');
  });

  it.each([
    [11260, 12511, 'R$\u00a0125,11'],
    [15111, 16790, 'R$\u00a0167,90'],
    [9, 10, 'R$\u00a00,10'],
    [14, 16, 'R$\u00a00,16'],
    [13, 14, 'R$\u00a00,14'],
  ])('the displayed higher price of %i centavos is value / 9 x 10, rounded: %i', (price, full, shown) => {
    expect(creditorPlanFullPriceCents(price)).toBe(full);
    expect(formatMoney(full)).toBe(shown);
  });

  it('finds a plan by code or by its emp_usa_site flag', () => {
    expect(findCreditorPlan(2)?.name).toBe('Portal + CRM');
    expect(findCreditorPlan(3)).toBeUndefined();
    expect(creditorPlanForUsesPortal('N')?.code).toBe(1);
    expect(creditorPlanForUsesPortal('S')?.code).toBe(2);
    expect(creditorPlanForUsesPortal('X')).toBeUndefined();
  });
});
