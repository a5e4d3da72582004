import { formatBrDate, formatMoney } from '@portal/domain';
import { DateField } from '../../../../components/ui/DateField';
import { CheckboxField } from '../../../../components/ui/fields';
import { CARD_BRANDS, type Divida, type MetodoPagamento } from '../../api/types';
import {
  BRAND_LABELS,
  CARD_FORM_LABELS,
  cardForms,
  METHOD_LABELS,
  PAY_MODES,
  PAYMENT_TEXTS,
  type PlanCriteria,
} from '../../lib/plans';
import { ChoiceGroup } from './ChoiceGroup';

export interface PlanFiltersProps {
  debt: Divida;
  criteria: PlanCriteria;
  /** The first due date as typed ('dd/mm/aaaa'). */
  dateText: string;
  /** False: the date is fixed to today and shown as text. */
  dateEditable: boolean;
  range: { min: string; max: string };
  methods: MetodoPagamento[];
  /** Capability cardBrandAndForm: card payments also ask brand and form. */
  askCardDetails: boolean;
  onDateText: (typed: string) => void;
  onChange: (change: Partial<Omit<PlanCriteria, 'dueDate'>>) => void;
  onRecalculate: () => void;
}

/** The choices that shape the plans (spec 001 §2 "Payment options"): date, A/P, payment type, card, future entries. */
export function PlanFilters({
  debt,
  criteria,
  dateText,
  dateEditable,
  range,
  methods,
  askCardDetails,
  onDateText,
  onChange,
  onRecalculate,
}: PlanFiltersProps) {
  const futureTotal = debt.lancamentos_futuros.total;
  return (
    <div className="po-filters">
      <div className="po-date">
        {criteria.method === 'cartao' ? (
          // A credit card is charged on confirmation, priced as of today (decision 091): no first due date to choose.
          <p className="po-date__fixed" data-testid="po-card-charge">
            <span className="po-date__label">Cobrança no cartão</span>{' '}
            <strong>{PAYMENT_TEXTS.cardCharged}</strong>
          </p>
        ) : dateEditable ? (
          <DateField
            label="Data do primeiro vencimento"
            name="primeiroVencimento"
            value={dateText}
            onChange={onDateText}
            hint={`Escolha uma data de ${formatBrDate(range.min)} até ${formatBrDate(range.max)}.`}
            wrapperClassName="po-date__field"
            data-testid="po-due-date"
          />
        ) : (
          <p className="po-date__fixed" data-testid="po-due-date-fixed">
            <span className="po-date__label">Data do primeiro vencimento</span>{' '}
            <strong>{formatBrDate(criteria.dueDate)}</strong>
          </p>
        )}
        <button
          type="button"
          className="btn btn--ghost po-date__recalculate"
          onClick={onRecalculate}
          data-testid="po-recalculate"
        >
          Recalcular
        </button>
      </div>
      <ChoiceGroup
        legend="Como você quer pagar?"
        choices={PAY_MODES}
        value={criteria.mode}
        onChange={(mode) => onChange({ mode })}
        testId="po-mode"
      />
      <ChoiceGroup
        legend="Forma de pagamento"
        choices={methods.map((method) => ({ value: method, label: METHOD_LABELS[method] }))}
        value={criteria.method}
        onChange={(method) => onChange({ method })}
        testId="po-method"
      />
      {askCardDetails && criteria.method === 'cartao' && (
        <>
          <ChoiceGroup
            legend="Bandeira do cartão"
            choices={CARD_BRANDS.map((brand) => ({ value: brand, label: BRAND_LABELS[brand] }))}
            value={criteria.brand}
            onChange={(brand) => onChange({ brand })}
            testId="po-card-brand"
          />
          <ChoiceGroup
            legend="Forma de pagamento no cartão"
            variant="list"
            choices={cardForms(debt, criteria.mode).map((form) => ({
              value: form,
              label: CARD_FORM_LABELS[form],
            }))}
            value={criteria.cardForm}
            onChange={(cardForm) => onChange({ cardForm })}
            testId="po-card-form"
          />
        </>
      )}
      {futureTotal > 0 && (
        <CheckboxField
          label={`Incluir os lançamentos futuros (${formatMoney(futureTotal)})`}
          checked={criteria.includeFuture}
          onChange={(event) => onChange({ includeFuture: event.target.checked })}
          data-testid="po-future"
        />
      )}
    </div>
  );
}
