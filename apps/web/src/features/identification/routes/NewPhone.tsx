import {
  GENERIC_ERROR_TITLE,
  NEW_PHONE_MESSAGES,
  type NewPhoneField,
  PHONE_UPDATED,
  STEP_CODES,
  validateNewPhone,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { useFeedback } from '../../../components/ui/feedback';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PhoneField } from '../../../components/ui/PhoneField';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { useTypedSearchParams } from '../../../lib/search-params';
import { changePhone } from '../api/identification';
import { MissingParameters } from '../components/MissingParameters';
import { failureOutcome } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';

const TOKEN_PARAM = z.object({ token: z.optional(z.string()) });

/**
 * The new-phone screen (spec 000 §2, §4 phone reset, §5 New phone), opened from the e-mailed link
 * `/novo-telefone?token=...`. The token moves from the address into the router state at once, so it does not
 * stay in the address bar, the history list or what analytics scripts read.
 */
export default function NewPhone() {
  const { state } = useLocation();
  const navigate = useNavigate();
  const [{ token: fromUrl }] = useTypedSearchParams(TOKEN_PARAM);
  const token = fromUrl || stateString(state, 'token');

  useEffect(() => {
    if (fromUrl) navigate('/novo-telefone', { replace: true, state: { token: fromUrl } });
  }, [fromUrl, navigate]);

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        {token ? <NewPhoneForm token={token} /> : <MissingParameters />}
      </main>
    </>
  );
}

function NewPhoneForm({ token }: { token: string }) {
  const config = usePartner();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const [values, setValues] = useState<Record<NewPhoneField, string>>({ pef_fone: '', confirmacao: '' });
  const [errors, setErrors] = useState<Partial<Record<NewPhoneField, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function focusField(field: NewPhoneField) {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  function update(field: NewPhoneField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const failure = validateNewPhone(values.pef_fone, values.confirmacao);
    if (failure) {
      setErrors({ [failure.field]: failure.message });
      focusField(failure.field);
      return;
    }
    setErrors({});
    setBusy(true);
    showLoading('Cadastrando o novo telefone');
    try {
      const answer = await changePhone({ token, pef_fone: values.pef_fone, confirmacao: values.confirmacao });
      hideLoading();
      if (answer.retorno) {
        logStep(config, STEP_CODES.phoneUpdated, 'Atualizou o telefone');
        await showModal({ ...PHONE_UPDATED, style: 'success' });
        navigate('/', { replace: true });
        return;
      }
      await showModal({ title: GENERIC_ERROR_TITLE, text: NEW_PHONE_MESSAGES.failure, style: 'danger' });
    } catch (error) {
      hideLoading();
      const outcome = failureOutcome(error, ['pef_fone', 'confirmacao'], NEW_PHONE_MESSAGES.failure);
      if (outcome.kind === 'fields') {
        setErrors(outcome.errors);
        focusField(outcome.errors.pef_fone ? 'pef_fone' : 'confirmacao');
      } else if (outcome.kind === 'modal') {
        await showModal(outcome);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="page__title">Cadastre o seu novo telefone</h1>
      <form ref={formRef} className="id-form" onSubmit={onSubmit} noValidate data-testid="new-phone-form">
        <PhoneField
          label="Novo telefone"
          name="pef_fone"
          value={values.pef_fone}
          error={errors.pef_fone}
          onValueChange={(masked) => update('pef_fone', masked)}
        />
        <PhoneField
          label="Confirme o novo telefone"
          name="confirmacao"
          autoComplete="off"
          value={values.confirmacao}
          error={errors.confirmacao}
          onValueChange={(masked) => update('confirmacao', masked)}
        />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={busy}
          data-testid="new-phone-submit"
        >
          Cadastrar
        </button>
      </form>
    </>
  );
}
