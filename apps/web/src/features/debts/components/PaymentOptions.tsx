import {
  customization,
  firstDueDateRange,
  formatBrDate,
  hasCapability,
  todayInBrasilia,
} from '@portal/domain';
import { type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { logStep } from '../../../lib/analytics';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { usePlanSearch } from '../api/plans';
import type { Divida, PreAcordo } from '../api/types';
import {
  availableMethods,
  changedCriteria,
  checkDueDate,
  defaultCriteria,
  PAYMENT_STEP_CODES,
  PAYMENT_TEXTS,
  type PlanCriteria,
  planRequest,
} from '../lib/plans';
import { useDebtor } from './DebtsTemplate';
import { AgreementConfirmation } from './payment-options/AgreementConfirmation';
import { PlanFilters } from './payment-options/PlanFilters';
import { PlanList } from './payment-options/PlanList';
import '../payment-options.css';

// The proposal form loads only when the person asks for it.
const ProposalForm = lazyWithRetry(() => import('./ProposalForm'));

type View = 'plans' | 'confirm' | 'proposal';

/** Mounted beside a lazy form inside its Suspense boundary: focuses the form's first field once it is there. */
function FocusFirstField({ within }: { within: RefObject<HTMLElement | null> }) {
  useEffect(() => within.current?.querySelector<HTMLElement>('input')?.focus(), [within]);
  return null;
}

export interface PaymentOptionsProps {
  debt: Divida;
  onClose: () => void;
  /** Opens the card's second-copy panel instead (integrated card partner, spec 001 §4). */
  onOpenSecondCopy: () => void;
}

/** Spec 001 §4: the integrated card partner's dialog when pay in full is chosen and a second copy exists. */
export const SECOND_COPY_DIALOG = {
  title: 'Atenção',
  text: 'Esta fatura já tem 2ª via para pagar o valor total. Você pode pagar pela 2ª via ou parcelar a dívida.',
  buttonText: 'Ver 2ª via',
  cancelText: 'Parcelar',
} as const;

/**
 * Spec 001 §2 "Payment options" of one debt card: the choices that shape the plans, the plans the server
 * computed, and the confirmation of the chosen one (spec 001 §4: plan not chosen <-> plan chosen).
 */
export default function PaymentOptions({ debt, onClose, onOpenSecondCopy }: PaymentOptionsProps) {
  const config = usePartner();
  const debtor = useDebtor();
  const { confirm } = useFeedback();
  const flags = customization(config).myDebits ?? {};
  // Spec 001 §7: the stage variant of step 3 has no card fields.
  const askCardDetails = hasCapability(config, 'cardBrandAndForm') && !flags.flgPortalUsaStage;
  const methods = availableMethods(flags);
  // Spec 001 §3 lists flgAtivarEscolhaDoVencimento among the fields "the partner-side form also knows": it is
  // the partner's switch for letting the person choose the first due date. Off, the date stays today (the
  // earliest one spec 001 §5 allows) and is shown as text; the recalculate button stays.
  const dateEditable = flags.flgAtivarEscolhaDoVencimento === true;
  const [today] = useState(todayInBrasilia);
  const range = firstDueDateRange(today, debt.loja.prazo_maximo_entrada_site);
  const [criteria, setCriteria] = useState<PlanCriteria>(() => defaultCriteria(debt, today));
  const [dateText, setDateText] = useState(() => formatBrDate(today));
  const [selected, setSelected] = useState<number | null>(null);
  const [chosen, setChosen] = useState<PreAcordo | null>(null);
  const [view, setView] = useState<View>('plans');
  const plans = usePlanSearch();
  const loggedView = useRef(false);
  const plansRef = useRef<HTMLDivElement>(null);
  const proposalRef = useRef<HTMLDivElement>(null);
  /** Where the keyboard goes when the plans come back (a selector inside them). */
  const returnFocus = useRef<string | null>(null);
  const hasContracts = debt.pre_codigos.length > 0;

  /** Searches the plans for `next`; from Recalcular, only when the latest search did not already ask the same. */
  async function run(next: PlanCriteria, recalculating = false) {
    // Credit card plans are as of the day they are asked: the panel may have been open since yesterday.
    const request = planRequest(debt, next, askCardDetails, todayInBrasilia());
    if (!recalculating) setSelected(null);
    const outcome = await (recalculating ? plans.recalculate(request) : plans.search(request));
    if (outcome?.kind === 'date') resetDate(outcome.maxIso);
    if (outcome?.kind === 'plans' && !loggedView.current) {
      loggedView.current = true;
      logStep(config, PAYMENT_STEP_CODES.viewedPlans, 'Visualizou as opções de pagamento', debtor.pesCpfCnpj);
    }
  }

  function resetDate(maxIso: string) {
    setCriteria((current) => ({ ...current, dueDate: maxIso }));
    setDateText(formatBrDate(maxIso));
  }

  // Spec 001 §4 defaults (boleto, pay in full): the first search runs as the panel opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per panel; later searches follow each change
  useEffect(() => {
    if (hasContracts) void run(criteria);
    else plans.settle({ kind: 'empty', message: PAYMENT_TEXTS.noProposals });
  }, []);

  // Back in the plans, the keyboard lands where the person left them.
  useEffect(() => {
    if (view !== 'plans' || !returnFocus.current) return;
    plansRef.current?.querySelector<HTMLElement>(returnFocus.current)?.focus();
    returnFocus.current = null;
  }, [view]);

  function backToPlans(focusSelector: string) {
    returnFocus.current = focusSelector;
    setView('plans');
  }

  const secondCopyExists =
    hasCapability(config, 'integratedCardIssuer') &&
    debt.loja.loj_emite_segunda_via_boleto_recupera === 'S' &&
    !debt.acordo_ativo;

  async function changeFilters(update: Partial<PlanCriteria>) {
    if (update.mode === 'A' && criteria.mode !== 'A' && secondCopyExists) {
      if (await confirm({ ...SECOND_COPY_DIALOG, style: 'alert' })) onOpenSecondCopy();
      return;
    }
    change(update);
  }

  function change(update: Partial<PlanCriteria>, recalculating = false) {
    const next = changedCriteria(debt, criteria, update);
    setCriteria(next);
    if (hasContracts) void run(next, recalculating);
  }

  /** Spec 001 §4: an out-of-range date goes back to the maximum and the plans are cleared. */
  function applyDate(typed: string, final: boolean) {
    const check = checkDueDate(typed, today, debt.loja.prazo_maximo_entrada_site, final);
    if (check.kind === 'incomplete') return;
    if (check.kind === 'reset') {
      resetDate(check.maxIso);
      setSelected(null);
      plans.settle({ kind: 'date', maxIso: check.maxIso, message: check.message });
      return;
    }
    if (final || check.iso !== criteria.dueDate) change({ dueDate: check.iso }, final);
  }

  if (view === 'confirm' && chosen && plans.request) {
    return (
      <div className="payment-options" data-testid="payment-options">
        <AgreementConfirmation
          plan={chosen}
          request={plans.request}
          cpfCnpj={debtor.pesCpfCnpj}
          onBack={() => backToPlans('[data-testid="po-plan-list"] input:checked')}
          onPlanSpent={() => {
            backToPlans('[data-testid="po-method"] input:checked');
            void run(criteria);
          }}
        />
      </div>
    );
  }

  if (view === 'proposal') {
    return (
      <div ref={proposalRef} className="payment-options" data-testid="payment-options">
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <ProposalForm debt={debt} onDone={() => backToPlans('[data-testid="po-proposal"]')} />
          <FocusFirstField within={proposalRef} />
        </Suspense>
        <div className="po-actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => backToPlans('[data-testid="po-proposal"]')}
            data-testid="po-proposal-back"
          >
            Voltar às opções de pagamento
          </button>
        </div>
      </div>
    );
  }

  return (
    <div ref={plansRef} className="payment-options" data-testid="payment-options">
      <PlanFilters
        debt={debt}
        criteria={criteria}
        dateText={dateText}
        dateEditable={dateEditable}
        range={range}
        methods={methods}
        askCardDetails={askCardDetails}
        onDateText={(typed) => {
          setDateText(typed);
          applyDate(typed, false);
        }}
        onChange={changeFilters}
        // By credit card there is no date to check (PlanFilters shows none): it searches again as of today.
        onRecalculate={() =>
          dateEditable && criteria.method !== 'cartao' ? applyDate(dateText, true) : change({}, true)
        }
      />
      <PlanList
        loading={plans.loading}
        outcome={plans.outcome}
        selected={selected}
        onSelect={setSelected}
        onContinue={(plan) => {
          setChosen(plan);
          setView('confirm');
        }}
      />
      <div className="po-actions">
        {!flags.flgDesativarEnviarProposta && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setView('proposal')}
            data-testid="po-proposal"
          >
            Enviar proposta
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="po-close">
          Fechar
        </button>
      </div>
    </div>
  );
}
