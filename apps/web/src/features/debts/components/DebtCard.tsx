import { customization, formatMoney, hasCapability } from '@portal/domain';
import * as Collapsible from '@radix-ui/react-collapsible';
import { Suspense, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { logStep } from '../../../lib/analytics';
import { failureText } from '../../../lib/api';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { useDisputeDebt } from '../api/debts';
import type { Divida } from '../api/types';
import { type CardsState, closePanel, type PanelKind, toggleExpanded, togglePanel } from '../lib/card-panels';
import { contractLabel, dueStatusText, formatPercent, MY_DEBITS_TEXTS } from '../lib/debt-texts';
import { SECOND_COPY_TEXTS } from '../lib/second-copy';
import { DEBT_STEPS } from '../lib/steps';
import { CantPay } from './CantPay';
import { CardPanel } from './CardPanel';
import { useDebtor } from './DebtsTemplate';
import { DetailsDebit } from './DetailsDebit';
import { InfoTip } from './InfoTip';

// The payment options panel (another part of this feature) is its own chunk, fetched as soon as a negotiable card
// shows (see DebtCard): opening it is the page's main step, and a panel that waited for its code grew from the
// loading text to its full height well after the click, pushing the cards below out of view (layout shift).
const loadPaymentOptions = () => import('./PaymentOptions');
const PaymentOptions = lazyWithRetry(loadPaymentOptions);
// Only one partner's cards offer the second-copy invoice panel.
const SecondCopyPanel = lazyWithRetry(() => import('./SecondCopyPanel'));

/** Spec 001 §9 default button texts, customizable per partner (myDebits.textMyDebits*). */
export const PANEL_DEFAULTS: Record<PanelKind, string> = {
  details: 'Detalhes',
  cantPay: 'Não posso pagar agora',
  secondCopy: SECOND_COPY_TEXTS.panelTitle,
  paymentOptions: 'Opções de parcelamento e propostas',
};

export const UPDATED_VALUE_TIP = 'O valor atualizado inclui os juros sobre as parcelas em atraso.';
export const BOLETO_ONLY_NOTE = 'Esta dívida não pode ser negociada pelo portal.';

export interface CardControl {
  state: CardsState;
  mobile: boolean;
  setState: (update: (state: CardsState) => CardsState) => void;
}

/** The button texts of the partner, or the defaults. */
export function usePanelTitles(): Record<PanelKind, string> {
  const settings = customization(usePartner()).myDebits;
  return {
    details: settings?.textMyDebitsDetails?.trim() || PANEL_DEFAULTS.details,
    cantPay: settings?.textMyDebitsCantPay?.trim() || PANEL_DEFAULTS.cantPay,
    secondCopy: PANEL_DEFAULTS.secondCopy,
    paymentOptions: settings?.textMyDebitsPaymentOptions?.trim() || PANEL_DEFAULTS.paymentOptions,
  };
}

/**
 * The panel of `debt` that is open, if any: details, cannot pay or payment options. Only while the card still
 * `offers` it: a debt read again under an agreement (confirmed a moment ago in another tab) closes its payment options.
 */
export function OpenPanel({
  debt,
  control,
  id,
  offers,
}: {
  debt: Divida;
  control: CardControl;
  id: string;
  offers: readonly PanelKind[];
}) {
  const titles = usePanelTitles();
  const { state, mobile, setState } = control;
  if (state.selected !== debt.chave || !state.panel || !offers.includes(state.panel)) return null;
  const close = () => setState((current) => closePanel(current, mobile));
  const panel = state.panel;
  return (
    <CardPanel key={panel} id={id} title={titles[panel]}>
      {panel === 'details' && <DetailsDebit debt={debt} />}
      {panel === 'cantPay' && <CantPay debt={debt} onDone={close} />}
      {(panel === 'paymentOptions' || panel === 'secondCopy') && (
        <Suspense
          fallback={
            <p className={panel === 'paymentOptions' ? 'boot debt-panel__loading' : 'boot'} role="status">
              Carregando…
            </p>
          }
        >
          {panel === 'secondCopy' ? (
            <SecondCopyPanel debt={debt} />
          ) : (
            <PaymentOptions
              debt={debt}
              onClose={close}
              onOpenSecondCopy={() =>
                setState((current) => togglePanel(current, debt.chave, 'secondCopy', mobile))
              }
            />
          )}
        </Suspense>
      )}
    </CardPanel>
  );
}

/** A panel button: pressed state for assistive technology, the same button closes (spec 001 §4). */
export function PanelButton({
  debt,
  control,
  panel,
  panelId,
  label,
}: {
  debt: Divida;
  control: CardControl;
  panel: PanelKind;
  panelId: string;
  label: string;
}) {
  const config = usePartner();
  const debtor = useDebtor();
  const { state, mobile, setState } = control;
  const open = state.selected === debt.chave && state.panel === panel;
  return (
    <button
      type="button"
      className="btn btn--ghost"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => {
        if (!open && panel === 'details')
          logStep(config, DEBT_STEPS.debtDetails, 'Abriu os detalhes da dívida', debtor.pesCpfCnpj);
        setState((current) => togglePanel(current, debt.chave, panel, mobile));
      }}
      data-testid={`panel-${panel}`}
    >
      {label}
    </button>
  );
}

/** Spec 001 §2 "Não reconhece essa dívida?": confirm, record the dispute, show the answer. */
function DisputeLink({ debt }: { debt: Divida }) {
  const { confirm, showModal } = useFeedback();
  const send = useDisputeDebt(debt.loj_codigo);
  async function dispute() {
    const confirmed = await confirm({
      title: 'Atenção',
      text: `Você não reconhece a dívida com ${debt.loja.loj_fantasia}? A empresa será avisada para analisar.`,
      style: 'alert',
      buttonText: 'Confirmar',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    try {
      const answer = await send.mutateAsync();
      await showModal(
        answer.retorno
          ? { title: 'Sucesso', text: answer.mensagem, style: 'success' }
          : { title: 'Erro', text: answer.mensagem, style: 'danger' },
      );
    } catch (error) {
      await showModal({
        title: 'Erro',
        text: failureText(error, 'Não foi possível registrar a sua contestação.'),
        style: 'danger',
      });
    }
  }
  return (
    <button type="button" className="debt-card__dispute" onClick={dispute} data-testid="dispute">
      Não reconhece essa dívida?
    </button>
  );
}

/** A notice that an agreement exists, with the way to it (spec 001 §2 'MEUS ACORDOS'). */
export function AgreementNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="notice" data-testid={testId}>
      <p>{text}</p>
      <Link to="/meus-acordos" className="btn btn--primary">
        MEUS ACORDOS
      </Link>
    </div>
  );
}

/**
 * A debt under an active agreement says so, and where the agreement is: in place of its negotiation. One made
 * through another partner is not in this portal's Meus Acordos, so the note does not send the person there.
 */
export function UnderAgreementNote({ debt }: { debt: Pick<Divida, 'acordo_em_outro_portal'> }) {
  if (debt.acordo_em_outro_portal)
    return (
      <p className="notice" data-testid="debt-under-agreement">
        {MY_DEBITS_TEXTS.cardAgreedElsewhere}
      </p>
    );
  return <AgreementNotice text={MY_DEBITS_TEXTS.cardUnderAgreement} testId="debt-under-agreement" />;
}

function unique(values: (string | null)[]): string {
  return [...new Set(values.filter((v): v is string => Boolean(v?.trim())))].join(', ');
}

/** Spec 001 §2 "My debts": one card per debt (per contract group when grouping is on). */
export function DebtCard({ debt, control }: { debt: Divida; control: CardControl }) {
  const config = usePartner();
  const titles = usePanelTitles();
  const settings = customization(config).myDebits;
  const id = useId();
  const panelId = `${id}-panel`;
  const nameId = `${id}-name`;
  const contractsId = `${id}-contracts`;
  const { state, mobile, setState } = control;
  const selected = state.selected === debt.chave;
  // Under an active agreement ('Acordo Ativo') the debt is being paid there: no offer, nothing to negotiate.
  const underAgreement = debt.acordo_ativo;
  const negotiable = debt.tipo_necociacao === 'S' && !underAgreement;
  const contracts = debt.contratos.map((c) => c.con_contrato);
  const origin = unique(debt.contratos.map((c) => c.origem));
  const reference = unique(debt.contratos.map((c) => c.referencia));
  const showOrigin = hasCapability(config, 'showOriginAndReference');
  useEffect(() => {
    // A failure is left to the panel's own retries when it opens.
    if (negotiable) loadPaymentOptions().catch(() => {});
  }, [negotiable]);
  // On a phone, opening this card folds the one open above it, with its panel: the page then lifts this card out of
  // view, above the screen. Once the other card has folded (next frame: its content leaves after this render), this
  // one is brought back to the top of the screen (spec 001 §9 smooth scroll).
  const cardRef = useRef<HTMLElement>(null);
  const revealing = useRef(false);
  useEffect(() => {
    if (!selected || !revealing.current) return;
    revealing.current = false;
    const frame = requestAnimationFrame(() => {
      const card = cardRef.current;
      if (!card || card.getBoundingClientRect().top >= 0) return;
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      card.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  // Spec 001 §2 card buttons, in the spec's order; cannot pay unless switched off, second copy for one partner.
  const panels: PanelKind[] = [
    'details',
    ...(negotiable && !settings?.flgDesativatBotaoNaoPossoPagar ? (['cantPay'] as const) : []),
    ...(hasCapability(config, 'secondCopyInvoiceButton') && !underAgreement ? (['secondCopy'] as const) : []),
    ...(negotiable ? (['paymentOptions'] as const) : []),
  ];

  return (
    // On a phone the card's body is a disclosure (Radix Collapsible) opened by Ver mais; elsewhere it is always open.
    <Collapsible.Root
      asChild
      open={!mobile || selected}
      onOpenChange={(open) => {
        revealing.current = open;
        setState((current) => toggleExpanded(current, debt.chave));
      }}
    >
      <article
        ref={cardRef}
        className={selected ? 'debt-card debt-card--selected' : 'debt-card'}
        aria-labelledby={nameId}
        data-testid="debt-card"
      >
        <div className="debt-card__head">
          {debt.loja.loj_caminho_logo && (
            <img className="debt-card__logo" src={debt.loja.loj_caminho_logo} alt="" width={56} height={56} />
          )}
          <div>
            <h2 id={nameId} className="debt-card__name">
              {debt.loja.loj_fantasia}
            </h2>
            <p className="debt-card__sub">CNPJ {debt.loja.loj_cpf_cnpj}</p>
            {/* Under the name, not in the body a phone folds: two cards of one store differ by their contracts. */}
            <p id={contractsId} className="debt-card__sub" data-testid="debt-contracts-line">
              {contractLabel(debt.tipo_necociacao, contracts.length)}{' '}
              <span data-testid="debt-contracts">{contracts.join(', ')}</span>
            </p>
          </div>
        </div>
        {debt.com_desconto && !underAgreement && (
          <p className="debt-card__discount" data-testid="debt-discount">
            {formatPercent(debt.porcentagem_desconto_total)} de desconto: economize{' '}
            {formatMoney(debt.total_desconto)}
          </p>
        )}
        {debt.contraproposta && !underAgreement && (
          // The partner's answer to the person's proposal (decision 030): seen here, where the debt is negotiated.
          <p className="debt-card__counter-offer" data-testid="debt-counter-offer">
            <strong>Contraproposta do credor:</strong> entrada de {formatMoney(debt.contraproposta.entrada)} e{' '}
            {debt.contraproposta.quantidade_parcelas} parcela(s) de{' '}
            {formatMoney(debt.contraproposta.valor_parcela)}.
            <br />
            {debt.contraproposta.mensagem}
          </p>
        )}
        <div className="debt-card__value">
          <span className="debt-card__label">Valor atualizado</span>
          <strong className="debt-card__amount" data-testid="debt-updated">
            {formatMoney(debt.totalCorrigido)}
          </strong>
          <InfoTip label="Sobre o valor atualizado" text={UPDATED_VALUE_TIP} />
        </div>
        {mobile && (
          <Collapsible.Trigger
            className="btn btn--ghost debt-card__toggle"
            aria-describedby={`${nameId} ${contractsId}`}
            data-testid="debt-toggle"
          >
            {selected ? 'Ver menos' : 'Ver mais'}
          </Collapsible.Trigger>
        )}
        <Collapsible.Content className="debt-card__body">
          <dl className="debt-facts">
            {showOrigin && origin && (
              <div>
                <dt>Origem</dt>
                <dd>{origin}</dd>
              </div>
            )}
            {showOrigin && reference && (
              <div>
                <dt>Referência</dt>
                <dd>{reference}</dd>
              </div>
            )}
            {hasCapability(config, 'integratedCardIssuer') && (
              <div>
                <dt>Situação</dt>
                <dd>{dueStatusText(debt.fase)}</dd>
              </div>
            )}
            {settings?.flgValorOriginal && (
              <div>
                <dt>Valor original</dt>
                <dd data-testid="debt-original">{formatMoney(debt.total_original)}</dd>
              </div>
            )}
            {debt.lancamentos_futuros.total > 0 && (
              <div>
                <dt>Lançamentos futuros</dt>
                <dd data-testid="debt-future">{formatMoney(debt.lancamentos_futuros.total)}</dd>
              </div>
            )}
          </dl>
          {underAgreement ? (
            <UnderAgreementNote debt={debt} />
          ) : (
            !negotiable && <p className="debt-card__note">{BOLETO_ONLY_NOTE}</p>
          )}
          <DisputeLink debt={debt} />
          <div className="debt-card__actions">
            {panels.map((panel) => (
              <PanelButton
                key={panel}
                debt={debt}
                control={control}
                panel={panel}
                panelId={panelId}
                label={titles[panel]}
              />
            ))}
          </div>
        </Collapsible.Content>
        <OpenPanel debt={debt} control={control} id={panelId} offers={panels} />
      </article>
    </Collapsible.Root>
  );
}
