import {
  documentKind,
  FIRST_ACCESS_TEXTS,
  FIRST_ACCESS_TITLE,
  isSex,
  LOGIN_TEXTS,
  maskCpfCnpj,
  maskDate,
  SEX_NOT_INFORMED,
  SEX_OPTIONS,
  validateFirstAccess,
} from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { DateField } from '../../../components/ui/DateField';
import { useFeedback } from '../../../components/ui/feedback';
import { EmailField, TextField } from '../../../components/ui/fields';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PhoneField } from '../../../components/ui/PhoneField';
import { SelectField } from '../../../components/ui/SelectField';
import { registerFirstAccess } from '../api/identification';
import { FormActions } from '../components/FormActions';
import { captchaField, RobotCheck, useRobotCheck } from '../components/RobotCheck';
import { failureOutcome } from '../lib/outcomes';
import { stateString } from '../lib/route-state';
import '../identification.css';

const FIELDS = ['nome', 'dataNascimento', 'sexo', 'cpfCnpj', 'telefone', 'email', 'captcha'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const NETWORK_TEXT = 'Não foi possível concluir o cadastro. Verifique a sua conexão e tente novamente.';

/**
 * ConfirmUser (spec 000 §2 first access, §4, §5): the data of an unknown CPF/CNPJ. Router state
 * `{ identification, birthDate }`; without either key it goes back to the landing page. Rules are checked in the
 * spec's order and only the first failure is shown, in an 'Atenção' modal.
 */
export default function ConfirmUser() {
  const { state } = useLocation();
  const identification = stateString(state, 'identification');
  const birthDate = stateString(state, 'birthDate');
  if (!identification || birthDate === null) return <Navigate to="/" replace />;
  return <FirstAccessForm identification={identification} initialBirthDate={birthDate} />;
}

function FirstAccessForm({
  identification,
  initialBirthDate,
}: {
  identification: string;
  initialBirthDate: string;
}) {
  const navigate = useNavigate();
  const { showModal, showSnackbar, showLoading, hideLoading } = useFeedback();
  const robot = useRobotCheck();
  const company = documentKind(identification) === 'cnpj';
  const [values, setValues] = useState({
    nome: '',
    dataNascimento: maskDate(initialBirthDate),
    sexo: '',
    telefone: '',
    email: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusField(field: Field) {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const failure = validateFirstAccess({
      cpfCnpj: identification,
      dataNascimento: values.dataNascimento,
      telefone: values.telefone,
      email: values.email,
      nome: values.nome,
    });
    if (failure) {
      setErrors({ [failure.field]: failure.message });
      await showModal({ title: FIRST_ACCESS_TITLE, text: failure.message, style: 'alert' });
      focusField(failure.field);
      return;
    }
    if (!robot.done) {
      setErrors({ captcha: LOGIN_TEXTS.robotCheckRequired });
      return;
    }
    setErrors({});
    setBusy(true);
    showLoading(FIRST_ACCESS_TEXTS.loading);
    try {
      const answer = await registerFirstAccess({
        cpfCnpj: identification,
        dataNascimento: company ? '' : values.dataNascimento,
        telefone: values.telefone,
        email: values.email.trim(),
        sexo: isSex(values.sexo) ? values.sexo : '',
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
      const outcome = failureOutcome(error, FIELDS, NETWORK_TEXT);
      if (outcome.kind === 'fields') {
        setErrors(outcome.errors);
        const first = FIELDS.find((field) => outcome.errors[field]);
        if (first) focusField(first);
      } else if (outcome.kind === 'modal') {
        await showModal(outcome);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        <h1 className="page__title">Primeiro acesso</h1>
        <p>
          {company
            ? 'Informe os dados de contato da empresa para fazer o primeiro acesso.'
            : 'Informe os seus dados para fazer o primeiro acesso.'}
        </p>
        <form
          ref={formRef}
          className="id-form"
          onSubmit={onSubmit}
          noValidate
          data-testid="first-access-form"
        >
          <TextField
            label={company ? 'Nome do responsável' : 'Nome completo'}
            name="nome"
            autoComplete="name"
            value={values.nome}
            error={errors.nome}
            onChange={(event) => update('nome', event.target.value)}
          />
          {!company && (
            <DateField
              label="Data de nascimento"
              name="dataNascimento"
              value={values.dataNascimento}
              error={errors.dataNascimento}
              autoComplete="bday"
              onChange={(value) => update('dataNascimento', value)}
            />
          )}
          <SelectField
            label="Sexo"
            name="sexo"
            placeholder={SEX_NOT_INFORMED}
            options={SEX_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
            value={values.sexo}
            error={errors.sexo}
            onChange={(event) => update('sexo', event.target.value)}
          />
          <TextField
            label="CPF ou CNPJ"
            name="cpfCnpj"
            value={maskCpfCnpj(identification)}
            readOnly
            error={errors.cpfCnpj}
          />
          <PhoneField
            label="Celular"
            name="telefone"
            value={values.telefone}
            error={errors.telefone}
            onValueChange={(masked) => update('telefone', masked)}
          />
          <EmailField
            label="E-mail"
            name="email"
            value={values.email}
            error={errors.email}
            onChange={(event) => update('email', event.target.value)}
          />
          <RobotCheck robot={robot} error={errors.captcha} />
          <FormActions label={FIRST_ACCESS_TEXTS.submit} busy={busy} testId="first-access-submit" />
        </form>
      </main>
    </>
  );
}
