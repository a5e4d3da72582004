import {
  documentKind,
  FIRST_ACCESS_TEXTS,
  FIRST_ACCESS_TITLE,
  type FirstAccessInput,
  firstAccessSchema,
  maskCpfCnpj,
  maskDate,
  maskPhone,
  SEX_NOT_INFORMED,
  SEX_OPTIONS,
} from '@portal/domain';
import type { FieldErrors } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { DateInput, EmailInput, PhoneInput, SelectInput, TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useRegisterFirstAccess } from '../api/identification';
import { FormActions } from '../components/FormActions';
import { captchaField, RobotCheck, useRobotCheck } from '../components/RobotCheck';
import { failureOutcome } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';

const NETWORK_TEXT = 'Não foi possível concluir o cadastro. Verifique a sua conexão e tente novamente.';

/**
 * ConfirmUser (spec 000 §2 first access, §4, §5): the data of an unknown CPF/CNPJ. Router state
 * `{ identification, birthDate, phone }`; without the first two it goes back to the landing page. Rules are checked in the
 * spec's order and only the first failure is shown, in an 'Atenção' modal.
 */
export default function ConfirmUser() {
  const { state } = useLocation();
  const identification = stateString(state, 'identification');
  const birthDate = stateString(state, 'birthDate');
  if (!identification || birthDate === null) return <Navigate to="/" replace />;
  return (
    <FirstAccessForm
      identification={identification}
      initialBirthDate={birthDate}
      initialPhone={stateString(state, 'phone') ?? ''}
    />
  );
}

/** The first access's fields in the spec's order of rules (the modal names the first that fails). */
const RULE_ORDER = ['dataNascimento', 'telefone', 'email', 'nome'] as const;

function FirstAccessForm({
  identification,
  initialBirthDate,
  initialPhone,
}: {
  identification: string;
  initialBirthDate: string;
  initialPhone: string;
}) {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const navigate = useNavigate();
  const { showModal, showSnackbar, showLoading, hideLoading } = useFeedback();
  const robot = useRobotCheck();
  const register = useRegisterFirstAccess();
  const company = documentKind(identification) === 'cnpj';
  // The modal's rule order is not the fields' order (the name comes first on screen, last in the rules): the focus
  // goes where the modal points, set by onInvalid, not to the form's first invalid field.
  const form = useZodForm(
    firstAccessSchema,
    {
      cpfCnpj: maskCpfCnpj(identification),
      nome: '',
      dataNascimento: maskDate(initialBirthDate),
      sexo: '' as FirstAccessInput['sexo'],
      telefone: maskPhone(initialPhone),
      email: '',
    },
    { shouldFocusError: false },
  );

  // Spec 000 §5: the first failing rule, in its order, is also announced in an 'Atenção' modal.
  async function onInvalid(errors: FieldErrors<FirstAccessInput>) {
    const first = RULE_ORDER.find((field) => errors[field]);
    const message = first && errors[first]?.message;
    if (!first || !message) {
      const other = Object.keys(errors)[0] as keyof FirstAccessInput | undefined;
      if (other) form.setFocus(other);
      return;
    }
    await showModal({ title: FIRST_ACCESS_TITLE, text: message, style: 'alert' });
    form.setFocus(first);
  }

  async function onSubmit(values: FirstAccessInput) {
    if (!robot.check()) return;
    showLoading(FIRST_ACCESS_TEXTS.loading);
    try {
      const answer = await register.mutateAsync({
        cpfCnpj: identification,
        dataNascimento: company ? '' : values.dataNascimento,
        telefone: values.telefone,
        email: values.email.trim(),
        sexo: values.sexo,
        nome: values.nome.trim(),
        ...captchaField(robot),
      });
      hideLoading();
      if (answer.retorno) {
        navigate('/', { replace: true });
        showSnackbar(answer.mensagem || 'Cadastro realizado com sucesso!', 'success');
        return;
      }
      robot.reset();
      await showModal({ title: FIRST_ACCESS_TITLE, text: answer.mensagem, style: 'alert' });
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
          Primeiro acesso
        </h1>
        <p>
          {company
            ? 'Informe os dados de contato da empresa para fazer o primeiro acesso.'
            : 'Informe os seus dados para fazer o primeiro acesso.'}
        </p>
        <Form
          form={form}
          className="id-form"
          onSubmit={onSubmit}
          onInvalidSubmit={onInvalid}
          data-testid="first-access-form"
        >
          <TextInput
            label={company ? 'Nome do responsável' : 'Nome completo'}
            name="nome"
            autoComplete="name"
          />
          {!company && <DateInput label="Data de nascimento" name="dataNascimento" autoComplete="bday" />}
          <SelectInput
            label="Sexo"
            name="sexo"
            placeholder={SEX_NOT_INFORMED}
            options={SEX_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          />
          <TextInput label="CPF ou CNPJ" name="cpfCnpj" readOnly />
          <PhoneInput label="Celular" name="telefone" />
          <EmailInput label="E-mail" name="email" />
          <RobotCheck robot={robot} />
          <FormActions
            label={FIRST_ACCESS_TEXTS.submit}
            busy={register.isPending}
            testId="first-access-submit"
          />
        </Form>
      </main>
    </>
  );
}
