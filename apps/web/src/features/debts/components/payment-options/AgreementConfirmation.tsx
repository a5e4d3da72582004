import {
  agreementContactSchema,
  CARD_UNAVAILABLE,
  type CardFormInput,
  cardFormSchema,
  customization,
  type DadosDoCartao,
  formatBrDate,
  formatMoney,
  hasCapability,
  onlyDigits,
  todayInBrasilia,
} from '@portal/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Form } from '../../../../components/form/Form';
import { CheckboxInput, EmailInput, PhoneInput } from '../../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../../components/form/use-zod-form';
import { useFeedback } from '../../../../components/ui/feedback';
import { useLeaveWarning } from '../../../../components/ui/leave-warning';
import { logStep } from '../../../../lib/analytics';
import { idempotencyKey } from '../../../../lib/api';
import { usePartner } from '../../../../lib/partner';
import { CardTokenError, tokeniseCard } from '../../api/card';
import { type AcordoPedido, useConfirmAgreement } from '../../api/plans';
import type { PlanosPedido, PreAcordo } from '../../api/types';
import { type CardReturnState, cardOutcomeModal, isCardReturnState } from '../../lib/card-outcome';
import {
  type AgreementOutcome,
  agreementOutcome,
  failureMessage,
  firstPayment,
  METHOD_LABELS,
  PAYMENT_STEP_CODES,
  PAYMENT_TEXTS,
  planLabel,
  planNotes,
} from '../../lib/plans';
import { markAgreementMade } from '../../lib/receive-call';
import { useAgreementRedirect } from '../AgreementRedirect';
import { CardFields } from './CardFields';

export interface AgreementConfirmationProps {
  plan: PreAcordo;
  /** The search that produced the plan: its payment type and first due date go to step 4. */
  request: PlanosPedido;
  /** The person's CPF/CNPJ for the step log. */
  cpfCnpj: string;
  onBack: () => void;
  /**
   * The plan is spent: the card's charge was rejected or cancelled, so its agreement was cancelled (step 4 accepts a
   * plan once), or the plan expired (its lifetime is over, the debts changed). The person chooses among new plans.
   */
  onPlanSpent: () => void;
}

// The confirmation form: the terms box, and the contact the capability partner also asks (spec 001 §5).
const withContact = agreementContactSchema.extend({ aceite: z.boolean() });
const withoutContact = z.object({ telefone: z.string(), email: z.string(), aceite: z.boolean() });
type ConfirmValues = z.input<typeof withoutContact> & Partial<CardFormInput>;
const NO_CARD = { card_number: '', valid_date: '', cvv: '', name: '' };
const CARD_TEXTS = {
  paying: 'Aguarde, estamos processando o pagamento.',
  tokenFailed: 'Não foi possível validar o cartão junto à operadora. Confira os dados e tente novamente.',
};

/** Leaving while the card is being charged: the charge goes on, but its answer would not be seen here. */
export const LEAVE_WHILE_PAYING = {
  title: 'Pagamento em andamento',
  text: 'Estamos processando o pagamento com o seu cartão. Se sair agora, ele continua sendo processado, mas você não verá o resultado nesta tela: confira depois em Meus Acordos antes de tentar de novo.',
  buttonText: 'Sair mesmo assim',
  cancelText: 'Continuar aguardando',
  style: 'alert',
} as const;

/** The card's state in a passo_4_novo answer (spec 001 §7 `dados.parcelas[0].estado_da_transacao`). */
function cardState(dados: unknown): CardReturnState | null {
  const parcelas = (dados as { parcelas?: { estado_da_transacao?: unknown }[] } | null)?.parcelas;
  const state = parcelas?.[0]?.estado_da_transacao;
  return isCardReturnState(state) ? state : null;
}

/**
 * The chosen plan before it becomes an agreement (spec 001 §2, §4): summary, the partner's confirmation text,
 * the terms checkbox that enables 'Confirmar acordo', and a way back to the plans.
 */
export function AgreementConfirmation({
  plan,
  request,
  cpfCnpj,
  onBack,
  onPlanSpent,
}: AgreementConfirmationProps) {
  const config = usePartner();
  const navigate = useNavigate();
  const redirectToAgreements = useAgreementRedirect();
  const { showModal, confirm: ask, showLoading, hideLoading } = useFeedback();
  const askContact = hasCapability(config, 'requireContactOnConfirm');
  const text =
    customization(config).myDebits?.detailsMonthlyPayment?.textConfirmaAcordo?.trim() ||
    PAYMENT_TEXTS.defaultConfirmation;
  const confirm = useConfirmAgreement();
  const byCard = request.metodoPagamento === 'cartao';
  // A card is charged on confirmation (decision 023): the day a boleto or PIX falls due means nothing to pay by.
  const first = byCard ? null : firstPayment(plan);
  const dueNote = first?.movedNote;
  // A card payment also asks the card (spec 001 §2, §3 "Card (input)"), which goes to the gateway only.
  const schema = useMemo(() => {
    const base = askContact ? withContact : withoutContact;
    return (byCard ? base.extend(cardFormSchema(todayInBrasilia()).shape) : base) as unknown as z.ZodType<
      ConfirmValues,
      ConfirmValues
    >;
  }, [askContact, byCard]);
  const form = useZodForm<ConfirmValues, ConfirmValues>(schema, {
    telefone: '',
    email: '',
    aceite: false,
    ...(byCard ? NO_CARD : {}),
  });
  const accepted = form.watch('aceite');
  const busy = confirm.isPending;
  /** The card's charge request is on its way: leaving now would not stop it, only hide its answer. */
  const charging = useRef(false);
  useLeaveWarning(() => charging.current, byCard && busy, LEAVE_WHILE_PAYING);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The last request sent and its Idempotency-Key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);
  /** The token of the card last typed: a retry of the same card sends the same token (and so the same request). */
  const cardToken = useRef<{ card: string; data: DadosDoCartao } | null>(null);

  // The list of plans is gone: put the keyboard and screen reader on the new heading.
  useEffect(() => headingRef.current?.focus(), []);

  /** Tokenises the card at the gateway; null (the person told why) when the gateway refused or cannot be reached. */
  async function cardData(values: ConfirmValues): Promise<DadosDoCartao | null> {
    const card = { card_number: '', valid_date: '', cvv: '', name: '', ...values };
    const typed = JSON.stringify([card.card_number, card.valid_date, card.cvv, card.name]);
    if (cardToken.current?.card === typed) return cardToken.current.data;
    try {
      cardToken.current = { card: typed, data: await tokeniseCard(card) };
      return cardToken.current.data;
    } catch (error) {
      hideLoading();
      const unavailable = error instanceof CardTokenError && error.message === 'unavailable';
      await showModal({
        title: 'Erro',
        text: unavailable ? CARD_UNAVAILABLE : CARD_TEXTS.tokenFailed,
        style: 'danger',
      });
      return null;
    }
  }

  /** Spec 001 §4: the agreement was made through the portal (Sair then skips the receive-call panel). */
  function agreementSaved() {
    logStep(config, PAYMENT_STEP_CODES.savedAgreement, 'Salvou o acordo', cpfCnpj);
    markAgreementMade(cpfCnpj);
  }

  async function onSubmit(values: ConfirmValues) {
    const { telefone, email } = values;
    showLoading(byCard ? CARD_TEXTS.paying : 'Aguarde, estamos gerando o seu acordo.');
    const dadosDoCartao = byCard ? await cardData(values) : undefined;
    if (dadosDoCartao === null) return;
    const body: AcordoPedido = {
      praCodigo: plan.pra_codigo,
      formaDePagamento: request.metodoPagamento,
      primeiroVencimento: request.primeiroVencimento,
      ...(askContact ? { telefone: onlyDigits(telefone), email: email.trim() } : {}),
      ...(dadosDoCartao ? { dadosDoCartao } : {}),
    };
    // A retry of the same request (its answer was lost, or a second click) reuses the key, so the server makes one
    // agreement; a request that differs (other contact details) is a new attempt with a new key.
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { body: sent, key: idempotencyKey() };
    let outcome: AgreementOutcome;
    let state: CardReturnState | null = null;
    try {
      charging.current = byCard;
      const envelope = await confirm.mutateAsync({ body, key: attempt.current.key }).finally(() => {
        charging.current = false;
      });
      state = byCard ? cardState(envelope.dados) : null;
      // Capability cardReturnStates (spec 001 §4): Meus Acordos tells the card's outcome from the return parameters;
      // elsewhere the outcome's message is shown here, titled as Meus Acordos would title it.
      if (state && hasCapability(config, 'cardReturnStates')) {
        hideLoading();
        if (envelope.retorno) agreementSaved();
        navigate(
          `/meus-acordos?${new URLSearchParams({ formaDePagamento: 'cartao', estadoDaTransacao: state })}`,
        );
        return;
      }
      outcome = agreementOutcome(envelope);
    } catch (error) {
      hideLoading();
      // A 400 names the contact fields the server refused.
      if (showServerErrors(form, error)) return;
      outcome = {
        ok: false,
        message: failureMessage(error, PAYMENT_TEXTS.agreementFailed),
        underAgreement: null,
        planExpired: false,
      };
    }
    hideLoading();
    if (!outcome.ok && outcome.underAgreement) {
      // The debts have been read again (useConfirmAgreement): the card says it is under an agreement, and this form
      // is gone with the payment options it no longer offers. Nothing failed: the way to that agreement is offered,
      // where this portal's Meus Acordos lists it.
      if (outcome.underAgreement === 'elsewhere') {
        await showModal({ title: 'Atenção', text: outcome.message, style: 'alert' });
        return;
      }
      const open = await ask({
        title: 'Atenção',
        text: outcome.message,
        style: 'alert',
        buttonText: 'Ver Meus Acordos',
        cancelText: 'Fechar',
      });
      if (open) navigate('/meus-acordos');
      return;
    }
    if (outcome.ok) {
      agreementSaved();
      // Spec 001 §2/§9: the person moves on to MyAgreements 2 s after the agreement, whether or not the modal was
      // closed (unless they leave the page first).
      redirectToAgreements();
    }
    const look = state
      ? cardOutcomeModal(state)
      : outcome.ok
        ? ({ title: 'Parabéns', style: 'success' } as const)
        : ({ title: 'Erro', style: 'danger' } as const);
    await showModal({ ...look, text: outcome.message });
    if (state === 'REJECTED' || state === 'VOIDED' || (!outcome.ok && outcome.planExpired)) onPlanSpent();
  }

  return (
    <Form form={form} className="po-confirm" onSubmit={onSubmit} data-testid="po-confirm">
      <h4 ref={headingRef} tabIndex={-1} className="po-confirm__title">
        Confirme o seu acordo
      </h4>
      <dl className="po-summary">
        <div>
          <dt>Opção escolhida</dt>
          <dd data-testid="po-summary-plan">{planLabel(plan)}</dd>
        </div>
        <div>
          <dt>Valor total</dt>
          <dd>{formatMoney(plan.valor_total_acordo)}</dd>
        </div>
        <div>
          <dt>Forma de pagamento</dt>
          <dd>{METHOD_LABELS[request.metodoPagamento]}</dd>
        </div>
        {byCard ? (
          <div>
            <dt>Cobrança</dt>
            <dd data-testid="po-summary-charge">{PAYMENT_TEXTS.cardCharged}</dd>
          </div>
        ) : (
          <div>
            <dt>Primeiro vencimento</dt>
            <dd data-testid="po-summary-due">
              {first ? formatBrDate(first.dueDate) : request.primeiroVencimento}
            </dd>
          </div>
        )}
      </dl>
      {[...(dueNote ? [dueNote] : []), ...planNotes(plan)].map((line) => (
        <p key={line} className="po-summary__note">
          {line}
        </p>
      ))}
      <p className="po-confirm__text" data-testid="po-confirm-text">
        {text}
      </p>
      {byCard && <CardFields />}
      {askContact && (
        <>
          <PhoneInput label="Telefone" name="telefone" />
          <EmailInput label="E-mail" name="email" />
        </>
      )}
      <CheckboxInput label="Li e concordo com os termos do acordo." name="aceite" data-testid="po-terms" />
      <div className="po-actions">
        <button type="button" className="btn btn--ghost" onClick={onBack} data-testid="po-back">
          Voltar
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!accepted || busy}
          data-testid="po-confirm-button"
        >
          Confirmar acordo
        </button>
      </div>
    </Form>
  );
}
