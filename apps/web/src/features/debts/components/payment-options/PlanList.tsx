import type { PreAcordo } from '../../api/types';
import { planDetail, planLabel, type SearchOutcome } from '../../lib/plans';
import { ChoiceGroup } from './ChoiceGroup';

export interface PlanListProps {
  loading: boolean;
  outcome: SearchOutcome | null;
  selected: number | null;
  onSelect: (praCodigo: number) => void;
  onContinue: (plan: PreAcordo) => void;
}

/**
 * The plans as a radio list, or the message that replaces them. A new search keeps the last answer in place
 * (dimmed and inert) under the loading status, so nothing below moves while the server computes.
 */
export function PlanList({ loading, outcome, selected, onSelect, onContinue }: PlanListProps) {
  const plans = outcome?.kind === 'plans' ? outcome.plans : [];
  const chosen = plans.find((plan) => plan.pra_codigo === selected);
  return (
    <div className="po-plans" aria-busy={loading} data-testid="po-plans">
      <p className={loading ? 'po-plans__loading' : 'sr-only'} role="status" data-testid="po-loading">
        {loading && (
          <>
            <span className="spinner po-plans__spinner" aria-hidden="true" />
            Calculando as opções de pagamento…
          </>
        )}
      </p>
      <div className={loading ? 'po-plans__body po-plans__body--stale' : 'po-plans__body'} inert={loading}>
        {outcome && outcome.kind !== 'plans' && (
          <p className="po-message" role="alert" data-testid="po-message">
            {outcome.message}
          </p>
        )}
        {plans.length > 0 && (
          <>
            <ChoiceGroup
              legend="Escolha uma opção de pagamento"
              variant="list"
              choices={plans.map((plan) => ({
                value: plan.pra_codigo,
                label: planLabel(plan),
                detail: planDetail(plan),
              }))}
              value={selected}
              onChange={onSelect}
              testId="po-plan-list"
            />
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={!chosen}
              onClick={() => chosen && onContinue(chosen)}
              data-testid="po-continue"
            >
              Continuar
            </button>
          </>
        )}
      </div>
    </div>
  );
}
