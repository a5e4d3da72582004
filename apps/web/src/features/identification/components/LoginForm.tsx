import {
  customization,
  hasCapability,
  INVALID_LOGIN_PHONE,
  LOGIN_ERRORS,
  LOGIN_TEXTS,
  type LoginInput,
  loginAgreementText,
  loginSchema,
  loginValidation,
  maskCpfCnpj,
  maskPhone,
  onlyDigits,
  STEP_CODES,
} from '@portal/domain';
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { CheckboxInput, DateInput, PhoneInput, TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { preloadRoute } from '../../../lib/route-preload';
import { type ConsultPersonBody, useConsultPerson } from '../api/identification';
import { failureOutcome, loginOutcome, type Outcome } from '../lib/outcomes';
import { ForgotPhoneButton } from './ForgotPhoneButton';
import { captchaField, RobotCheck, useRobotCheck } from './RobotCheck';
import '../identification.css';

// The login of spec 000 §2 (ConfirmBirthday) and §4, shared by the /confirmar-dados screen and the landing
// page's login panel (capability loginPanelOnLanding): one form, one passo_1 flow.

/** What the person still has to do before Entrar: the agreement where asked, the robot check where required. */
function blockedHint(agreement: boolean, robotCheck: boolean): string {
  const steps = [agreement && 'marque a autorização', robotCheck && 'conclua a verificação de segurança'];
  return `Para entrar, ${steps.filter(Boolean).join(' e ')}.`;
}

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
  const consult = useConsultPerson();
  const form = useZodForm(loginSchema(asked), {
    pesCpfCnpj: maskCpfCnpj(identification),
    dataNascimento: '',
    telefone: maskPhone(initialPhone),
    aceite: false,
  });
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // On its own page (not the landing page's panel) the form's heading is the page's start.
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const busy = consult.isPending;
  const agreementMissing = asked.agreement && !form.watch('aceite');
  const canSubmit = !agreementMissing && robot.done && !busy;
  const identificationError = form.formState.errors.pesCpfCnpj?.message;

  // Spec 000 §5: a birth date error shows under its field; a phone error is announced in a modal.
  async function onInvalid(errors: FieldErrors<LoginInput>) {
    if (errors.dataNascimento || !errors.telefone) return;
    await showModal({ ...INVALID_LOGIN_PHONE, style: 'alert' });
    form.setFocus('telefone');
  }

  async function onSubmit(values: LoginInput) {
    if (!robot.check()) return;
    showLoading(LOGIN_TEXTS.loading);
    logStep(config, STEP_CODES.consultedDocument, 'Consultou o CPF/CNPJ', identification);
    preloadRoute('/menu');
    const birthDate = values.dataNascimento ?? '';
    const context = {
      identification,
      birthDate,
      phone: values.telefone ?? '',
      registrationDisabled: flags?.flgDesativaCadastro === true,
    };
    let outcome: Outcome;
    try {
      const answer = await consult.mutateAsync({
        pesCpfCnpj: identification,
        ...(asked.birthDate ? { dataNascimento: birthDate } : {}),
        ...(asked.phone ? { telefone: onlyDigits(values.telefone ?? '') } : {}),
        ...captchaField(robot),
        aceite: asked.agreement,
        ...origin,
      });
      outcome = loginOutcome(answer, context);
    } catch (error) {
      hideLoading();
      // A robot-check answer is accepted once: every failure needs a fresh one.
      robot.reset();
      if (showServerErrors(form, error) || robot.showServerError(error)) return;
      outcome = failureOutcome(error, LOGIN_ERRORS.network.text, context);
    }
    hideLoading();
    if (outcome.kind === 'navigate') {
      navigate(outcome.to, { state: outcome.state, replace: outcome.replace });
      return;
    }
    robot.reset();
    if (outcome.kind === 'modal') await showModal(outcome);
  }

  const blockedHintId = `${id}-blocked`;
  return (
    <Form
      form={form}
      className="login-form"
      onSubmit={onSubmit}
      onInvalidSubmit={onInvalid}
      data-testid="login-form"
    >
      <Heading
        className={headingLevel === 1 ? 'page__title' : 'login-form__title'}
        {...(headingLevel === 1 ? focusStart : {})}
      >
        {asked.birthDate || asked.phone ? LOGIN_TEXTS.subtitle : LOGIN_TEXTS.subtitleRobotOnly}
      </Heading>
      {showIdentification ? (
        <TextInput label="CPF ou CNPJ" name="pesCpfCnpj" readOnly data-testid="confirm-identification" />
      ) : (
        identificationError && (
          <p className="field__error" role="alert">
            {identificationError}
          </p>
        )
      )}
      {asked.birthDate && (
        <DateInput
          label="Data de nascimento"
          name="dataNascimento"
          autoComplete="bday"
          required
          data-testid="login-birth-date"
        />
      )}
      {asked.phone && (
        <PhoneInput label="Telefone" name="telefone" kind="any" required data-testid="login-phone" />
      )}
      {asked.agreement && <CheckboxInput label={agreement} name="aceite" data-testid="login-agreement" />}
      <RobotCheck robot={robot} />
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
          {blockedHint(agreementMissing, !robot.done)}
        </p>
      )}
      <ForgotPhoneButton identification={identification} testId="login-forgot-phone" />
    </Form>
  );
}
