import { addDays, type StorePreview, type storePreviewSchema, todayInBrasilia } from '@portal/domain';
import type { z } from 'zod';
import { allPlans, debtFigures, storePolicy } from '../debts/debt-figures';

/**
 * POST /api/lojas/simulacao: the plans a policy (saved or not) gives for a sample debt, one overdue instalment,
 * priced by the portal's own engine as passo_3_novo prices a debt whose first due date is today.
 */
export function previewStorePlans(
  input: z.output<typeof storePreviewSchema>,
  today: string = todayInBrasilia(),
): StorePreview {
  const policy = storePolicy({ negotiationPolicy: input.politica, maxEntryDays: 0 });
  const instalment = {
    id: 0,
    number: 1,
    dueDate: addDays(today, -input.dias_atraso),
    amountCents: input.valor,
    balanceCents: input.valor,
    futureEntry: false,
    owed: true,
  };
  const sample = {
    id: 0,
    number: 'exemplo',
    note: null,
    origin: null,
    reference: null,
    instalments: [instalment],
  };
  const figures = debtFigures([sample], policy, today);
  return {
    principal: figures.balance.principalCents,
    encargos: figures.balance.chargesCents,
    planos: allPlans(figures, policy).map((plan) => ({
      parcelas: plan.instalmentCount,
      entrada: plan.entryCents,
      parcela: plan.instalmentCents,
      total: plan.totalCents,
      desconto: plan.discountCents,
      porcentagem_desconto: plan.discountPercent,
    })),
  };
}
