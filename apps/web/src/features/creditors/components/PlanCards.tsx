import { type CreditorPlanWire, formatMoney } from '@portal/domain';
import { type Ref, useId } from 'react';

/**
 * The plan cards of 'Plano Empresa' (spec 002 §4 "Plan cards: none selected, selected, and back by clicking
 * again"): each card's title is a toggle button (aria-pressed) named by the plan and described by its price and
 * items, so Enter or Space selects the plan and again deselects it.
 */
export function PlanCards({
  plans,
  selected,
  onToggle,
  error,
  firstRef,
}: {
  plans: CreditorPlanWire[];
  selected: number | null;
  onToggle: (code: number) => void;
  error: string | undefined;
  /** The first card's button: it takes the focus when no plan is chosen. */
  firstRef?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const errorId = `${id}-erro`;
  return (
    <fieldset className="plans" aria-describedby={error ? errorId : undefined} data-testid="plan-cards">
      <legend className="sr-only">Escolha o plano da sua empresa</legend>
      <ul className="plans__list">
        {plans.map((plan, index) => {
          const pressed = plan.codigo === selected;
          const detailsId = `${id}-${plan.codigo}-detalhes`;
          return (
            <li key={plan.codigo} className={`plan-card${pressed ? ' plan-card--selected' : ''}`}>
              <h3 className="plan-card__name">
                {/* The button covers the whole card (CSS), so a click anywhere on the card toggles it. */}
                <button
                  ref={index === 0 ? firstRef : undefined}
                  type="button"
                  name="plano"
                  className="plan-card__toggle"
                  aria-pressed={pressed}
                  aria-describedby={detailsId}
                  onClick={() => onToggle(plan.codigo)}
                  data-testid={`plan-${plan.codigo}`}
                >
                  {plan.nome}
                </button>
              </h3>
              <div id={detailsId} className="plan-card__details">
                <p className="plan-card__from">
                  De <s>{formatMoney(plan.valor_cheio_centavos)}</s> por
                </p>
                <p className="plan-card__price">
                  {formatMoney(plan.valor_centavos)}
                  <span className="plan-card__period"> por mês</span>
                </p>
                <p className="plan-card__discount">{plan.desconto}</p>
                <ul className="plan-card__items">
                  {[plan.item_1, plan.item_2, plan.item_3].map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <p className="plan-card__state" aria-hidden="true">
                {pressed ? '✓ Plano selecionado' : 'Selecionar este plano'}
              </p>
            </li>
          );
        })}
      </ul>
      <p id={errorId} className="field__error plans__error" role="alert">
        {error}
      </p>
    </fieldset>
  );
}
