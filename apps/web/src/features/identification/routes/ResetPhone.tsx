import {
  documentKind,
  GENERIC_ERROR_TITLE,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  LOGIN_TEXTS,
  maskCpfCnpj,
  normalizeDocument,
  STEP_CODES,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/fields';
import { PageHeader } from '../../../components/ui/PageHeader';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { requestPhoneChange } from '../api/identification';
import { FormActions } from '../components/FormActions';
import { captchaField, RobotCheck, useRobotCheck } from '../components/RobotCheck';
import { failureOutcome } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';

const NETWORK_TEXT = 'Não foi possível enviar o link. Verifique a sua conexão e tente novamente.';

/**
 * The forgot-phone screen (spec 000 §2, §4 phone reset): a CPF/CNPJ, then a link to register a new phone is
 * e-mailed (step 25). Router state `{ identification }` is optional and only prefills the box.
 */
export default function ResetPhone() {
  const config = usePartner();
  const { state } = useLocation();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const robot = useRobotCheck();
  const [value, setValue] = useState(() => maskCpfCnpj(stateString(state, 'identification') ?? ''));
  const [errors, setErrors] = useState<{ pesCpfCnpj?: string | undefined; captcha?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isValidCpfCnpj(value)) {
      // Spec 000 §5: on this screen an invalid CNPJ does nothing visible, with no message.
      if (documentKind(value) !== 'cnpj') setErrors({ pesCpfCnpj: INVALID_DOCUMENT_MESSAGE });
      return;
    }
    if (!robot.done) {
      setErrors({ captcha: LOGIN_TEXTS.robotCheckRequired });
      return;
    }
    const document = normalizeDocument(value);
    setErrors({});
    setBusy(true);
    showLoading('Enviando o link por e-mail');
    logStep(config, STEP_CODES.sendPhoneChangeLink, 'Pediu o link de troca de telefone', document);
    try {
      const answer = await requestPhoneChange({ pesCpfCnpj: document, ...captchaField(robot) });
      hideLoading();
      robot.reset();
      await showModal(
        answer.retorno
          ? { title: 'E-mail enviado', text: answer.mensagem, style: 'success' }
          : { title: GENERIC_ERROR_TITLE, text: answer.mensagem, style: 'danger' },
      );
    } catch (error) {
      hideLoading();
      robot.reset();
      const outcome = failureOutcome(error, ['pesCpfCnpj', 'captcha'], NETWORK_TEXT);
      if (outcome.kind === 'fields') setErrors(outcome.errors);
      else if (outcome.kind === 'modal') await showModal(outcome);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        <h1 className="page__title">{LOGIN_TEXTS.forgotPhone}</h1>
        <p>
          Informe o seu CPF ou CNPJ. Enviaremos ao e-mail do seu cadastro um link para você cadastrar o seu
          novo telefone.
        </p>
        <form className="id-form" onSubmit={onSubmit} noValidate data-testid="reset-phone-form">
          <TextField
            label="CPF ou CNPJ"
            name="pesCpfCnpj"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="000.000.000-00"
            maxLength={18}
            value={value}
            error={errors.pesCpfCnpj}
            onChange={(event) => {
              setValue(maskCpfCnpj(event.target.value));
              if (errors.pesCpfCnpj) setErrors((e) => ({ ...e, pesCpfCnpj: undefined }));
            }}
            data-testid="reset-phone-document"
          />
          <RobotCheck robot={robot} error={errors.captcha} />
          <FormActions label="Enviar link por e-mail" busy={busy} testId="reset-phone-submit" />
        </form>
      </main>
    </>
  );
}
