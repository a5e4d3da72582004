import {
  customization,
  formatBrDate,
  formatMoney,
  hasCapability,
  isValidEmail,
  onlyDigits,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../../components/ui/feedback';
import { CheckboxField, EmailField } from '../../../../components/ui/fields';
import { PhoneField } from '../../../../components/ui/PhoneField';
import { logStep } from '../../../../lib/analytics';
import { ApiError } from '../../../../lib/api';
import { usePartner } from '../../../../lib/partner';
import { confirmAgreement } from '../../api/plans';
import type { PlanosPedido, PreAcordo } from '../../api/types';
import {
  AGREEMENT_REDIRECT_MS,
  type AgreementOutcome,
  agreementOutcome,
  failureMessage,
  METHOD_LABELS,
  PAYMENT_STEP_CODES,
  PAYMENT_TEXTS,
  planLabel,
  planNotes,
} from '../../lib/plans';

export interface AgreementConfirmationProps {
  plan: PreAcordo;
  /** The search that produced the plan: its payment type and first due date go to step 4. */
  request: PlanosPedido;
  /** The person's CPF/CNPJ for the step log. */
  cpfCnpj: string;
  onBack: () => void;
}

type ContactErrors = { telefone?: string; email?: string };
const CONTACT_FIELDS = ['telefone', 'email'] as const;

/**
 * Spec 001 §5 "Agreement confirm": phone and e-mail are also required for the capability partner. A phone
 * without its area code or an e-mail that cannot receive mail counts as missing, as on the server.
 */
function contactErrors(phone: string, email: string): ContactErrors {
  const errors: ContactErrors = {};
  if (onlyDigits(phone).length < 10) errors.telefone = PAYMENT_TEXTS.phoneRequired;
  if (!isValidEmail(email.trim())) errors.email = PAYMENT_TEXTS.emailRequired;
  return errors;
}

/**
 * The chosen plan before it becomes an agreement (spec 001 §2, §4): summary, the partner's confirmation text,
 * the terms checkbox that enables 'Confirmar acordo', and a way back to the plans.
 */
export function AgreementConfirmation({ plan, request, cpfCnpj, onBack }: AgreementConfirmationProps) {
  const config = usePartner();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const askContact = hasCapability(config, 'requireContactOnConfirm');
  const text =
    customization(config).myDebits?.detailsMonthlyPayment?.textConfirmaAcordo?.trim() ||
    PAYMENT_TEXTS.defaultConfirmation;
  const [accepted, setAccepted] = useState(false);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The list of plans is gone: put the keyboard and screen reader on the new heading.
  useEffect(() => headingRef.current?.focus(), []);

  /** Shows the contact errors and focuses the first; true when there is one. */
  function showErrors(found: ContactErrors): boolean {
    const known: ContactErrors = {};
    for (const field of CONTACT_FIELDS) if (found[field]) known[field] = found[field];
    setErrors(known);
    const first = CONTACT_FIELDS.find((field) => known[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first !== undefined;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!accepted || busy) return;
    if (askContact && showErrors(contactErrors(phone, email))) return;
    setBusy(true);
    showLoading('Aguarde, estamos gerando o seu acordo.');
    let outcome: AgreementOutcome;
    try {
      outcome = agreementOutcome(
        await confirmAgreement({
          praCodigo: plan.pra_codigo,
          formaDePagamento: request.metodoPagamento,
          primeiroVencimento: request.primeiroVencimento,
          ...(askContact ? { telefone: onlyDigits(phone), email: email.trim() } : {}),
        }),
      );
    } catch (error) {
      // A 400 names the contact fields the server refused.
      if (error instanceof ApiError && showErrors(error.fieldErrors)) return;
      outcome = { ok: false, message: failureMessage(error, PAYMENT_TEXTS.agreementFailed) };
    } finally {
      hideLoading();
      setBusy(false);
    }
    if (outcome.ok) {
      logStep(config, PAYMENT_STEP_CODES.savedAgreement, 'Salvou o acordo', cpfCnpj);
      // Spec 001 §2/§9: the person moves on 2 s after the agreement, whether or not the modal was closed.
      setTimeout(() => navigate('/menu'), AGREEMENT_REDIRECT_MS);
      await showModal({ title: 'Parabéns', text: outcome.message, style: 'success' });
      return;
    }
    await showModal({ title: 'Erro', text: outcome.message, style: 'danger' });
  }

  return (
    <form ref={formRef} className="po-confirm" onSubmit={onSubmit} noValidate data-testid="po-confirm">
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
        <div>
          <dt>Primeiro vencimento</dt>
          <dd>{formatBrDate(plan.pra_primeiro_vcto) || request.primeiroVencimento}</dd>
        </div>
      </dl>
      {planNotes(plan).map((line) => (
        <p key={line} className="po-summary__note">
          {line}
        </p>
      ))}
      <p className="po-confirm__text" data-testid="po-confirm-text">
        {text}
      </p>
      {askContact && (
        <>
          <PhoneField
            label="Telefone"
            name="telefone"
            value={phone}
            error={errors.telefone}
            onValueChange={(masked) => {
              setPhone(masked);
              if (errors.telefone) setErrors((e) => ({ ...e, telefone: undefined }));
            }}
          />
          <EmailField
            label="E-mail"
            name="email"
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email) setErrors((e) => ({ ...e, email: undefined }));
            }}
          />
        </>
      )}
      <CheckboxField
        label="Li e concordo com os termos do acordo."
        name="aceite"
        checked={accepted}
        onChange={(event) => setAccepted(event.target.checked)}
        data-testid="po-terms"
      />
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
    </form>
  );
}
