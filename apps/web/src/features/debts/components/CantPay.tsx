import { CANNOT_PAY_REASONS, DEBT_REQUEST_MESSAGES } from '@portal/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { ApiError, failureText } from '../../../lib/api';
import { sendCannotPay } from '../api/debts';
import type { Divida } from '../api/types';

/**
 * Spec 001 §4 cannot-pay flow and §5: one of the eleven reasons of §3 is required, then it is stored and
 * acknowledged (the call-back channels that follow come with the contact-channels issue).
 */
export function CantPay({ debt, onDone }: { debt: Divida; onDone: () => void }) {
  const { showModal } = useFeedback();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setError(DEBT_REQUEST_MESSAGES.reasonRequired);
      groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await sendCannotPay(debt.loj_codigo, reason);
      if (answer.retorno) {
        await showModal({
          title: 'Sucesso',
          text: answer.mensagem || DEBT_REQUEST_MESSAGES.reasonReceived,
          style: 'success',
        });
        onDone();
      } else {
        await showModal({ title: 'Erro', text: answer.mensagem, style: 'danger' });
      }
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldErrors.motivo : undefined;
      if (message) setError(message);
      else
        await showModal({
          title: 'Erro',
          text: failureText(failure, 'Não foi possível enviar o seu motivo.'),
          style: 'danger',
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="debt-form" onSubmit={onSubmit} noValidate data-testid="cant-pay-form">
      <fieldset ref={groupRef} className="debt-form__group" aria-describedby={error ? errorId : undefined}>
        <legend className="debt-form__legend">Conte para nós o motivo:</legend>
        <div className="reasons">
          {CANNOT_PAY_REASONS.map((option) => (
            <label key={option} className="reason">
              <input
                type="radio"
                name="motivo"
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  setError(undefined);
                }}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="cant-pay-submit">
        Continuar
      </button>
    </form>
  );
}
