import {
  GENERIC_ERROR_TITLE,
  NEW_PHONE_MESSAGES,
  newPhoneSchema,
  PHONE_UPDATED,
  STEP_CODES,
} from '@portal/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Form } from '../../../components/form/Form';
import { PhoneInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { useTypedSearchParams } from '../../../lib/search-params';
import { useChangePhone } from '../api/identification';
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
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const change = useChangePhone();
  const form = useZodForm(newPhoneSchema, { pef_fone: '', confirmacao: '' });

  async function onSubmit(values: { pef_fone: string; confirmacao: string }) {
    showLoading('Cadastrando o novo telefone');
    try {
      const answer = await change.mutateAsync({ token, ...values });
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
      if (showServerErrors(form, error)) return;
      const outcome = failureOutcome(error, NEW_PHONE_MESSAGES.failure);
      if (outcome.kind === 'modal') await showModal(outcome);
    }
  }

  return (
    <>
      <h1 className="page__title" {...focusStart}>
        Cadastre o seu novo telefone
      </h1>
      <Form form={form} className="id-form" onSubmit={onSubmit} data-testid="new-phone-form">
        <PhoneInput label="Novo telefone" name="pef_fone" />
        <PhoneInput label="Confirme o novo telefone" name="confirmacao" autoComplete="off" />
        <SubmitButton
          busy={change.isPending}
          className="btn btn--primary btn--block"
          testId="new-phone-submit"
        >
          Cadastrar
        </SubmitButton>
      </Form>
    </>
  );
}
