import {
  customization,
  hasCapability,
  INVALID_LOGIN_PHONE,
  isValidLoginPhone,
  LOGIN_ERRORS,
  LOGIN_TEXTS,
  loginAgreementText,
  loginValidation,
  maskCpfCnpj,
  maskPhone,
  onlyDigits,
  STEP_CODES,
} from '@portal/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField, dateFieldError } from '../../../components/ui/DateField';
import { useFeedback } from '../../../components/ui/feedback';
import { CheckboxField, TextField } from '../../../components/ui/fields';
import { PhoneField } from '../../../components/ui/PhoneField';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { preloadRoute } from '../../../lib/route-preload';
import { type ConsultPersonBody, consultPerson } from '../api/identification';
import { failureOutcome, loginOutcome, type Outcome } from '../lib/outcomes';
import { captchaField, RobotCheck, useRobotCheck } from './RobotCheck';
import '../identification.css';

// The login of spec 000 §2 (ConfirmBirthday) and §4, shared by the /confirmar-dados screen and the landing
// page's login panel (capability loginPanelOnLanding): one form, one passo_1 flow.

/** Fields of passo_1 a 400 answer can name (docs/api.md). */
const LOGIN_FIELDS = ['pesCpfCnpj', 'dataNascimento', 'telefone', 'captcha', 'aceite'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];
type Errors = Partial<Record<LoginField, string>>;

export interface LoginFormProps {
  /** The normalized CPF/CNPJ. */
  identification: string;
  /** Prefills the phone (ConfirmBirthday's phoneNumber parameter). */
  initialPhone?: string;
  /** ConfirmBirthday shows the CPF/CNPJ read-only; the landing panel has it in the search box above it. */
  showIdentification?: boolean;
  /** The subtitle is the page's h1 on ConfirmBirthday and an h2 in the landing panel. */
  headingLevel?: 1 | 2;
  /** Codes of an entry by another system (the debtor area's cpf route), sent with passo_1. */
  origin?: Pick<ConsultPersonBody, 'enumCanalOrigem' | 'codAssessoriaSenff'>;
}

export function LoginForm({
  identification,
  initialPhone = '',
  showIdentification = false,
  headingLevel = 1,
  origin,
}: LoginFormProps) {
  const config = usePartner();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const settings = customization(config);
  const flags = settings.confirmBirthday;
  const asked = loginValidation(flags, identification);
  const partnerName = settings.landPage?.textNomeParceiroContratos?.trim() || config.nome;
  const agreement = loginAgreementText(partnerName, asked, hasCapability(config, 'plainLoginAgreement'));
  const robot = useRobotCheck();

  const [birthDate, setBirthDate] = useState('');
  const [phone, setPhone] = useState(() => maskPhone(initialPhone));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const canSubmit = agreed && robot.done && !busy;

  function focusField(name: LoginField) {
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }

  function showErrors(found: Errors) {
    setErrors(found);
    const first = LOGIN_FIELDS.find((field) => found[field]);
    if (first) focusField(first);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !agreed) return;
    if (asked.birthDate) {
      const message = dateFieldError(birthDate, 'adult');
      if (message) {
        showErrors({ dataNascimento: message });
        return;
      }
    }
    if (asked.phone && !isValidLoginPhone(phone)) {
      setErrors({});
      await showModal({ ...INVALID_LOGIN_PHONE, style: 'alert' });
      focusField('telefone');
      return;
    }
    if (!robot.done) {
      setErrors({ captcha: LOGIN_TEXTS.robotCheckRequired });
      return;
    }
    setErrors({});
    setBusy(true);
    showLoading(LOGIN_TEXTS.loading);
    logStep(config, STEP_CODES.consultedDocument, 'Consultou o CPF/CNPJ', identification);
    preloadRoute('/menu');
    const context = { identification, birthDate, registrationDisabled: flags?.flgDesativaCadastro === true };
    let outcome: Outcome;
    try {
      const answer = await consultPerson({
        pesCpfCnpj: identification,
        ...(asked.birthDate ? { dataNascimento: birthDate } : {}),
        ...(asked.phone ? { telefone: onlyDigits(phone) } : {}),
        ...captchaField(robot),
        aceite: true,
        ...origin,
      });
      outcome = loginOutcome(answer, context);
    } catch (error) {
      outcome = failureOutcome(error, LOGIN_FIELDS, LOGIN_ERRORS.network.text, context);
    } finally {
      hideLoading();
      setBusy(false);
    }
    if (outcome.kind === 'navigate') {
      navigate(outcome.to, { state: outcome.state });
      return;
    }
    // A robot-check answer is accepted once: every failure needs a fresh one.
    robot.reset();
    if (outcome.kind === 'fields') {
      showErrors(outcome.errors);
      return;
    }
    await showModal(outcome);
  }

  const blockedHintId = `${id}-blocked`;
  return (
    <form ref={formRef} className="login-form" onSubmit={onSubmit} noValidate data-testid="login-form">
      <Heading className={headingLevel === 1 ? 'page__title' : 'login-form__title'}>
        {asked.birthDate || asked.phone ? LOGIN_TEXTS.subtitle : LOGIN_TEXTS.subtitleRobotOnly}
      </Heading>
      {showIdentification ? (
        <TextField
          label="CPF ou CNPJ"
          name="pesCpfCnpj"
          value={maskCpfCnpj(identification)}
          readOnly
          error={errors.pesCpfCnpj}
          data-testid="confirm-identification"
        />
      ) : (
        errors.pesCpfCnpj && (
          <p className="field__error" role="alert">
            {errors.pesCpfCnpj}
          </p>
        )
      )}
      {asked.birthDate && (
        <DateField
          label="Data de nascimento"
          name="dataNascimento"
          limit="adult"
          required
          value={birthDate}
          error={errors.dataNascimento}
          onChange={(value) => {
            setBirthDate(value);
            if (errors.dataNascimento) setErrors((e) => ({ ...e, dataNascimento: undefined }));
          }}
          data-testid="login-birth-date"
        />
      )}
      {asked.phone && (
        <PhoneField
          label="Telefone"
          name="telefone"
          kind="any"
          required
          value={phone}
          error={errors.telefone}
          onValueChange={(masked) => {
            setPhone(masked);
            if (errors.telefone) setErrors((e) => ({ ...e, telefone: undefined }));
          }}
          data-testid="login-phone"
        />
      )}
      <CheckboxField
        label={agreement}
        name="aceite"
        checked={agreed}
        error={errors.aceite}
        onChange={(event) => setAgreed(event.target.checked)}
        data-testid="login-agreement"
      />
      <RobotCheck robot={robot} error={errors.captcha} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!canSubmit}
        aria-describedby={canSubmit ? undefined : blockedHintId}
        data-testid="login-submit"
      >
        {LOGIN_TEXTS.submit}
      </button>
      {!canSubmit && !busy && (
        <p id={blockedHintId} className="field__hint">
          {robot.required
            ? 'Para entrar, marque a autorização e conclua a verificação de segurança.'
            : 'Para entrar, marque a autorização.'}
        </p>
      )}
      {flags?.flgEsqueceuTelefone && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => navigate('/esqueci-telefone', { state: { identification } })}
          data-testid="login-forgot-phone"
        >
          {LOGIN_TEXTS.forgotPhone}
        </button>
      )}
    </form>
  );
}
