import type { Db } from '../../db/client';
import { loadStoreDebts } from '../../repositories/debt-repository';
import { findPartnerByCompanyCode } from '../../repositories/partner-repository';
import { allPlans, debtFigures, storePolicy } from '../../services/debts/debt-figures';
import type { PlanCalculator } from './stage-calculator';

/**
 * The calculation service as it behaves, run in process when no STAGE_CALCULATION_HOST is set: it prices the
 * contracts it is asked about from the portfolio, with no discount factor (fator_desconto 0) beyond the store's
 * policy, and answers every instalment option including pay in full.
 */
export function localStageCalculator(db: Db): PlanCalculator {
  return {
    name: 'stage-local',
    async calculate(request) {
      const partner = await findPartnerByCompanyCode(db, request.emp_codigo);
      if (!partner) return [];
      const [store] = await loadStoreDebts(
        db,
        { partnerId: partner.id, personId: request.pes_codigo },
        request.loj_codigo,
      );
      if (!store) return [];
      const wanted = new Set(request.contratos);
      const policy = storePolicy(store.store);
      const figures = debtFigures(
        store.contracts.filter((c) => wanted.has(c.number)),
        policy,
        request.primeiro_vencimento,
      );
      return allPlans(figures, policy).map((plan) => ({
        quantidadeParcelas: plan.instalmentCount,
        valorEntrada: plan.entryCents,
        valorParcela: plan.instalmentCents,
        valorDesconto: plan.discountCents,
      }));
    },
  };
}
