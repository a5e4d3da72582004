import { DEBT_REQUEST_MESSAGES, onlyDigits, type ProposalInput, validateProposal } from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/fields';
import { MoneyField } from '../../../components/ui/MoneyField';
import { logStep } from '../../../lib/analytics';
import { ApiError, failureText } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { sendProposal } from '../api/debts';
import type { Divida } from '../api/types';
import { DEBT_STEPS } from '../lib/steps';
import { useDebtor } from './DebtsTemplate';

type Field = keyof ProposalInput;
const FIELDS: Field[] = ['entrada', 'quantidade_parcelas', 'valor_parcela'];

/**
 * Spec 001 §2 "Send proposal" (entry, number of instalments, instalment value), §5 validations, §8 success text.
 * Opened from the payment-options panel; `onDone` runs after the success message is closed.
 */
export default function ProposalForm({ debt, onDone }: { debt: Divida; onDone: () => void }) {
  const config = usePartner();
  const debtor = useDebtor();
  const { showModal } = useFeedback();
  const [values, setValues] = useState<ProposalInput>({
    entrada: '',
    quantidade_parcelas: '',
    valor_parcela: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function change(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function showErrors(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = validateProposal(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    logStep(config, DEBT_STEPS.proposal, 'Enviou uma proposta', debtor.pesCpfCnpj);
    try {
      const answer = await sendProposal({ loj_codigo: debt.loj_codigo, ...values });
      if (answer.retorno) {
        await showModal({
          title: 'Sucesso',
          text: answer.mensagem || DEBT_REQUEST_MESSAGES.proposalReceived,
          style: 'success',
        });
        onDone();
      } else {
        await showModal({ title: 'Erro', text: answer.mensagem, style: 'danger' });
      }
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const known = Object.fromEntries(FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]]));
      if (Object.keys(known).length > 0) showErrors(known);
      else
        await showModal({
          title: 'Erro',
          text: failureText(error, 'Não foi possível enviar a sua proposta.'),
          style: 'danger',
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="debt-form" onSubmit={onSubmit} noValidate data-testid="proposal-form">
      <fieldset className="debt-form__group">
        <legend className="debt-form__legend">Envie a sua proposta</legend>
        <MoneyField
          label="Entrada"
          name="entrada"
          value={values.entrada}
          error={errors.entrada}
          onChange={(masked) => change('entrada', masked)}
        />
        <TextField
          label="Quantidade de parcelas"
          name="quantidade_parcelas"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          value={values.quantidade_parcelas}
          error={errors.quantidade_parcelas}
          onChange={(event) => change('quantidade_parcelas', onlyDigits(event.target.value))}
        />
        <MoneyField
          label="Valor da parcela"
          name="valor_parcela"
          value={values.valor_parcela}
          error={errors.valor_parcela}
          onChange={(masked) => change('valor_parcela', masked)}
        />
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="proposal-submit">
        Enviar proposta
      </button>
    </form>
  );
}
