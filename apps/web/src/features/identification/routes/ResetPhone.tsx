import {
  GENERIC_ERROR_TITLE,
  LOGIN_TEXTS,
  maskCpfCnpj,
  normalizeDocument,
  phoneResetSchema,
} from '@portal/domain';
import { useLocation } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useRequestPhoneChange } from '../api/identification';
import { FormActions } from '../components/FormActions';
import { captchaField, RobotCheck, useRobotCheck } from '../components/RobotCheck';
import { failureOutcome } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';
import { KeepWords } from '../../../components/ui/KeepWords';

const NETWORK_TEXT = 'Não foi possível enviar o link. Verifique a sua conexão e tente novamente.';

/**
 * The forgot-phone screen (spec 000 §2, §4 phone reset): a CPF/CNPJ, then a link to register a new phone is
 * e-mailed (step 25). Router state `{ identification }` is optional and only prefills the box.
 */
export default function ResetPhone() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const { state } = useLocation();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const robot = useRobotCheck();
  const request = useRequestPhoneChange();
  const form = useZodForm(phoneResetSchema, {
    pesCpfCnpj: maskCpfCnpj(stateString(state, 'identification') ?? ''),
  });

  async function onSubmit({ pesCpfCnpj }: { pesCpfCnpj: string }) {
    if (!robot.check()) return;
    const document = normalizeDocument(pesCpfCnpj);
    showLoading('Enviando o link por e-mail');
    try {
      const answer = await request.mutateAsync({ pesCpfCnpj: document, ...captchaField(robot) });
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
      if (showServerErrors(form, error) || robot.showServerError(error)) return;
      const outcome = failureOutcome(error, NETWORK_TEXT);
      if (outcome.kind === 'modal') await showModal(outcome);
    }
  }

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        <h1 className="page__title" {...focusStart}>
          {LOGIN_TEXTS.forgotPhone}
        </h1>
        <p>
          <KeepWords>
            Informe o seu CPF ou CNPJ. Enviaremos ao e-mail do seu cadastro um link para você cadastrar o seu
            novo telefone.
          </KeepWords>
        </p>
        <Form form={form} className="id-form" onSubmit={onSubmit} data-testid="reset-phone-form">
          <TextInput
            label="CPF ou CNPJ"
            name="pesCpfCnpj"
            mask={maskCpfCnpj}
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="000.000.000-00"
            data-testid="reset-phone-document"
          />
          <RobotCheck robot={robot} />
          <FormActions label="Enviar link por e-mail" busy={request.isPending} testId="reset-phone-submit" />
        </Form>
      </main>
    </>
  );
}
