import {
  CREDITOR_LEAD_SIGNED_UP,
  CREDITOR_SIGN_UP_FAILURE,
  CREDITOR_SIGN_UP_PAYLOAD_FIELDS,
  CREDITOR_SIGN_UP_STEPS,
  CREDITOR_SIGN_UP_SUCCESS,
  type CreditorSignUpField,
  creditorSignUpPayload,
  creditorSignUpSchema,
  findCreditorPlan,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef } from 'react';
import { type FieldErrors, FormProvider, useController } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmailInput, TextInput } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { QueryView } from '../../../components/ui/QueryView';
import { ApiError } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { useCreditorLead, useCreditorPlans, useSignUpCreditor } from '../api/creditors';
import { PlanCards } from '../components/PlanCards';
import '../creditors.css';

const USER_FIELDS = ['razaoSocial', 'nomeContato', 'usuario', 'senha', 'email'] as const;
const EMPTY = { razaoSocial: '', nomeContato: '', usuario: '', senha: '', email: '', plano: null };
const FAILURE_TITLE = 'Não foi possível concluir o cadastro';
const PLANS_FAILURE = 'Não foi possível carregar os planos.';
/** The plan step is in the address (?etapa=2), so the phone's Back button returns to the user data. */
const PLAN_STEP = { etapa: '2' };

/**
 * Server messages keyed by payload field, as the wizard's fields (the plan included): a 400's field messages, or the
 * `dados` of a refusal answered with retorno false (a login or company name already taken).
 */
function wizardErrors(byPayloadField: unknown): [CreditorSignUpField, string][] {
  if (typeof byPayloadField !== 'object' || byPayloadField === null) return [];
  const messages = byPayloadField as Record<string, unknown>;
  return Object.entries(CREDITOR_SIGN_UP_PAYLOAD_FIELDS).flatMap(([key, field]) => {
    const message = messages[key];
    return typeof message === 'string' ? [[field, message] as [CreditorSignUpField, string]] : [];
  });
}

/**
 * The creditor sign-up wizard (spec 002 §2, §4) at /cadastre-sua-empresa and /cadastre-sua-empresa/:id, where :id is
 * the code of the e-mailed link and prefills from the creditor lead. Step 1 'Dados do Usuário' goes on only when
 * valid; step 2 'Plano Empresa' needs a plan; Finalizar Cadastro sends cadastrarCliente, then the success modal
 * and the landing page, or the server's message while staying here. Both steps are one form (one schema). A link
 * whose company already signed up shows the server's message instead of the form.
 */
export default function CreditorSignUp() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const { id: leadCode } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const form = useZodForm(creditorSignUpSchema, EMPTY);
  const plan = useController({ control: form.control, name: 'plano' });
  const plans = useCreditorPlans();
  const lead = useCreditorLead(leadCode);
  const signUp = useSignUpCreditor();
  const [params, setParams] = useSearchParams();
  const step = params.get('etapa') === PLAN_STEP.etapa ? 1 : 0;
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** Messages of the user-data fields the server refused, shown when that step is back on the page. */
  const refusedUserData = useRef<[CreditorSignUpField, string][]>([]);
  const busy = form.formState.isSubmitting;
  const leadAnswer = lead.data;
  const leadNotice = leadAnswer && !leadAnswer.retorno ? leadAnswer.mensagem : '';

  useEffect(() => markHeroPainted(), []);

  // The plan step opened directly (a reload, a saved address) has lost the password, which is never kept: start over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the first render only
  useEffect(() => {
    if (step === 1) setParams({}, { replace: true });
  }, []);

  // Every plan step in the history was reached from the user data's entry before it (the effect above), so going back
  // to the user data is the browser's Back: the person's own Back button then does the same.
  const toUserData = () => navigate(-1);

  // The lead's data fill what the person has not typed yet.
  useEffect(() => {
    const prefill = leadAnswer?.retorno ? leadAnswer.dados?.credores?.[0] : undefined;
    if (!prefill) return;
    for (const field of ['razaoSocial', 'nomeContato', 'email'] as const)
      if (!form.getValues(field)) form.setValue(field, prefill[field]);
  }, [leadAnswer, form]);

  // A new step is announced by moving focus to its title (not on the first render), or to the first field the
  // server refused, once the user data are back on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change on purpose
  useEffect(() => {
    const refused = step === 0 ? refusedUserData.current.splice(0) : [];
    if (refused.length > 0) showFieldErrors(refused);
    else if (moved.current) stepTitle.current?.focus();
    moved.current = true;
  }, [step]);

  function showFieldErrors(messages: [CreditorSignUpField, string][]) {
    messages.forEach(([field, message], index) => {
      form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  }

  async function finish() {
    const values = form.getValues();
    const chosen = values.plano === null ? undefined : findCreditorPlan(values.plano);
    if (!chosen) return;
    showLoading('Cadastrando a sua empresa…');
    try {
      const answer = await signUp.mutateAsync(creditorSignUpPayload(values, chosen, leadCode));
      hideLoading();
      if (answer.retorno) {
        await showModal({ ...CREDITOR_SIGN_UP_SUCCESS, style: 'success' });
        navigate('/');
      } else await refused(wizardErrors(answer.dados), answer.mensagem);
    } catch (error) {
      hideLoading();
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      await refused(wizardErrors(fieldErrors), error instanceof ApiError ? error.envelope?.mensagem : '');
    }
  }

  // A message for a field goes under that field, on its step (the user data when any is theirs: the person can fix
  // it there, and nothing typed is lost); any other refusal is a modal over the wizard (spec 002 §4: it stays).
  async function refused(messages: [CreditorSignUpField, string][], text: string | undefined) {
    if (messages.length === 0) {
      await showModal({ title: FAILURE_TITLE, text: text || CREDITOR_SIGN_UP_FAILURE, style: 'alert' });
      return;
    }
    if (messages.some(([field]) => field !== 'plano')) {
      refusedUserData.current = messages;
      toUserData();
    } else showFieldErrors(messages);
  }

  // A user-data field found invalid on the plan step (the browser's Forward after a reload) is shown on its step.
  function onInvalid(errors: FieldErrors) {
    if (USER_FIELDS.some((field) => errors[field])) toUserData();
    // No plan could be chosen, as the plans have not loaded: they are asked for again (the message says why).
    else if (errors.plano && plans.data === undefined) void plans.refetch();
  }

  // Step 1 checks its own fields only; step 2 checks the whole wizard and sends it.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step === 1) return form.handleSubmit(finish, onInvalid)(event);
    if (await form.trigger(USER_FIELDS, { shouldFocus: true })) setParams(PLAN_STEP);
  }

  if (leadNotice === CREDITOR_LEAD_SIGNED_UP)
    return (
      <>
        <PageHeader />
        <main id="conteudo" className="page container container--narrow creditor">
          <h1 className="page__title" {...focusStart}>
            Cadastre a sua empresa
          </h1>
          <p className="creditor__notice" role="status">
            {leadNotice}
          </p>
          <Link className="btn btn--ghost" to="/">
            Voltar para a página inicial
          </Link>
        </main>
      </>
    );

  const stepTitleId = 'cadastro-etapa';
  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow creditor">
        <h1 className="page__title" {...focusStart}>
          Cadastre a sua empresa
        </h1>
        <ol className="stepper" aria-label="Etapas do cadastro">
          {CREDITOR_SIGN_UP_STEPS.map((label, index) => (
            <li
              key={label}
              className={`stepper__step${index === step ? ' stepper__step--current' : ''}${index < step ? ' stepper__step--done' : ''}`}
              aria-current={index === step ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {index < step ? '✓' : index + 1}
              </span>
              <span>
                <span className="sr-only">
                  Etapa {index + 1} de {CREDITOR_SIGN_UP_STEPS.length}
                  {index < step ? ', concluída' : ''}:{' '}
                </span>
                {label}
              </span>
            </li>
          ))}
        </ol>
        <FormProvider {...form}>
          <form
            className="creditor__form"
            onSubmit={onSubmit}
            noValidate
            aria-labelledby={stepTitleId}
            data-testid="creditor-sign-up-form"
          >
            <h2 id={stepTitleId} ref={stepTitle} tabIndex={-1} className="creditor__step-title">
              {CREDITOR_SIGN_UP_STEPS[step]}
            </h2>
            {step === 0 ? (
              <>
                {leadNotice && (
                  <p className="creditor__notice" role="status">
                    {leadNotice}
                  </p>
                )}
                <TextInput
                  label="Razão social"
                  name="razaoSocial"
                  autoComplete="organization"
                  maxLength={120}
                />
                <TextInput label="Nome do contato" name="nomeContato" autoComplete="name" maxLength={120} />
                <TextInput
                  label="Usuário"
                  name="usuario"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={60}
                  hint="De 3 a 60 caracteres: letras sem acento, números, ponto, hífen ou sublinhado."
                />
                <TextInput
                  label="Senha"
                  name="senha"
                  type="password"
                  autoComplete="new-password"
                  maxLength={128}
                  hint="No mínimo 6 caracteres, com letras minúsculas, maiúsculas e números."
                />
                <EmailInput label="E-mail" name="email" />
              </>
            ) : (
              <QueryView query={plans} failedText={PLANS_FAILURE}>
                {(list) => (
                  <PlanCards
                    plans={list}
                    selected={plan.field.value}
                    onToggle={(code) => plan.field.onChange(plan.field.value === code ? null : code)}
                    error={plan.fieldState.error?.message}
                    firstRef={plan.field.ref}
                  />
                )}
              </QueryView>
            )}
            {step === 1 && plans.data === undefined && plan.fieldState.error && (
              <p className="field__error" role="alert" data-testid="plan-missing">
                {plan.fieldState.error.message}
              </p>
            )}
            <div className="creditor__actions">
              {step === 1 && (
                <button type="button" className="btn btn--ghost" onClick={toUserData} disabled={busy}>
                  Voltar
                </button>
              )}
              <button
                type="submit"
                className="btn btn--primary"
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {step === 0 ? 'Próximo' : 'Finalizar Cadastro'}
              </button>
            </div>
          </form>
        </FormProvider>
      </main>
    </>
  );
}
