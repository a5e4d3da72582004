import {
  CREDITOR_SIGN_UP_FAILURE,
  CREDITOR_SIGN_UP_PAYLOAD_FIELDS,
  CREDITOR_SIGN_UP_STEPS,
  CREDITOR_SIGN_UP_SUCCESS,
  type CreditorPlanWire,
  type CreditorUserData,
  type CreditorUserField,
  creditorSignUpPayload,
  findCreditorPlan,
  validateCreditorPlanChoice,
  validateCreditorUserData,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { EmailField, TextField } from '../../../components/ui/fields';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { fetchCreditorLead, fetchCreditorPlans, signUpCreditor } from '../api/creditors';
import { PlanCards } from '../components/PlanCards';
import { useValidatedForm } from '../lib/use-validated-form';
import '../creditors.css';

const FIELDS: readonly CreditorUserField[] = ['razaoSocial', 'nomeContato', 'usuario', 'senha', 'email'];
const EMPTY: CreditorUserData = { razaoSocial: '', nomeContato: '', usuario: '', senha: '', email: '' };
const FAILURE_TITLE = 'Não foi possível concluir o cadastro';
const PLANS_FAILURE = 'Não foi possível carregar os planos. Recarregue a página para tentar de novo.';

/** Server messages keyed by payload field, as the wizard's fields and the plan. */
function wizardErrors(fieldErrors: Record<string, string>) {
  const user: Partial<Record<CreditorUserField, string>> = {};
  let plan: string | undefined;
  for (const [key, field] of Object.entries(CREDITOR_SIGN_UP_PAYLOAD_FIELDS)) {
    const message = fieldErrors[key];
    if (!message) continue;
    if (field === 'plano') plan = message;
    else user[field] = message;
  }
  return { user, plan };
}

/**
 * The creditor sign-up wizard (spec 002 §2, §4) at /cadastre-sua-empresa and /cadastre-sua-empresa/:id, where :id is
 * the code of the e-mailed link and prefills from the creditor lead. Step 1 'Dados do Usuário' goes on only when
 * valid; step 2 'Plano Empresa' needs a plan; Finalizar Cadastro sends cadastrarCliente, then the success modal
 * and the landing page, or the server's message while staying here.
 */
export default function CreditorSignUp() {
  const { id: leadCode } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { showModal, showLoading, hideLoading } = useFeedback();
  const form = useValidatedForm<CreditorUserField>(EMPTY, validateCreditorUserData, FIELDS);
  const { setValues } = form;
  const [step, setStep] = useState(0);
  const [plans, setPlans] = useState<CreditorPlanWire[] | null>(null);
  const [plansFailed, setPlansFailed] = useState(false);
  const [plan, setPlan] = useState<number | null>(null);
  const [planError, setPlanError] = useState<string | undefined>();
  const [leadNotice, setLeadNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => markHeroPainted(), []);

  useEffect(() => {
    fetchCreditorPlans()
      .then(setPlans)
      .catch(() => setPlansFailed(true));
  }, []);

  useEffect(() => {
    if (!leadCode) return;
    let current = true;
    fetchCreditorLead(leadCode)
      .then((answer) => {
        const lead = answer.dados?.credores?.[0];
        if (!current) return;
        if (answer.retorno && lead) {
          // What the person already typed wins over the prefill.
          setValues((values) => ({
            ...values,
            razaoSocial: values.razaoSocial || lead.razaoSocial,
            nomeContato: values.nomeContato || lead.nomeContato,
            email: values.email || lead.email,
          }));
        } else setLeadNotice(answer.mensagem);
      })
      // Without the prefill the person fills the fields in; nothing else depends on it.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [leadCode, setValues]);

  // A new step is announced by moving focus to its title (not on the first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change on purpose
  useEffect(() => {
    if (moved.current) stepTitle.current?.focus();
    moved.current = true;
  }, [step]);

  function toggle(code: number) {
    setPlan((current) => (current === code ? null : code));
    setPlanError(undefined);
  }

  async function finish() {
    const chosen = plan === null ? undefined : findCreditorPlan(plan);
    const missing = validateCreditorPlanChoice(plan);
    if (missing || !chosen) {
      setPlanError(missing);
      document.querySelector<HTMLElement>('[name="plano"]')?.focus();
      return;
    }
    setBusy(true);
    showLoading('Cadastrando a sua empresa…');
    try {
      const answer = await signUpCreditor(creditorSignUpPayload(form.values, chosen, leadCode));
      hideLoading();
      if (answer.retorno) {
        await showModal({ ...CREDITOR_SIGN_UP_SUCCESS, style: 'success' });
        navigate('/');
      } else {
        await showModal({
          title: FAILURE_TITLE,
          text: answer.mensagem || CREDITOR_SIGN_UP_FAILURE,
          style: 'alert',
        });
      }
    } catch (error) {
      hideLoading();
      const { user, plan: planMessage } = wizardErrors(error instanceof ApiError ? error.fieldErrors : {});
      if (Object.keys(user).length > 0) {
        setStep(0);
        // Once step 1's fields are back on the page, so the first one can take the focus.
        requestAnimationFrame(() => form.show(user));
      } else if (planMessage) setPlanError(planMessage);
      else {
        const text = (error instanceof ApiError && error.envelope?.mensagem) || CREDITOR_SIGN_UP_FAILURE;
        await showModal({ title: FAILURE_TITLE, text, style: 'alert' });
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step === 0) {
      if (form.isValid()) setStep(1);
    } else void finish();
  }

  const stepTitleId = 'cadastro-etapa';
  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow creditor">
        <h1 className="page__title">Cadastre a sua empresa</h1>
        <ol className="stepper" aria-label="Etapas do cadastro">
          {CREDITOR_SIGN_UP_STEPS.map((label, index) => (
            <li
              key={label}
              className={`stepper__step${index === step ? ' stepper__step--current' : ''}${index < step ? ' stepper__step--done' : ''}`}
              aria-current={index === step ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>
                <span className="sr-only">
                  Etapa {index + 1} de {CREDITOR_SIGN_UP_STEPS.length}:{' '}
                </span>
                {label}
              </span>
            </li>
          ))}
        </ol>
        <form
          ref={form.formRef}
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
              <TextField
                label="Razão social"
                autoComplete="organization"
                maxLength={120}
                {...form.bind('razaoSocial')}
              />
              <TextField
                label="Nome do contato"
                autoComplete="name"
                maxLength={120}
                {...form.bind('nomeContato')}
              />
              <TextField
                label="Usuário"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={60}
                hint="De 3 a 60 caracteres: letras sem acento, números, ponto, hífen ou sublinhado."
                {...form.bind('usuario')}
              />
              <TextField
                label="Senha"
                type="password"
                autoComplete="new-password"
                maxLength={128}
                hint="No mínimo 6 caracteres, com letras minúsculas, maiúsculas e números."
                {...form.bind('senha')}
              />
              <EmailField label="E-mail" {...form.bind('email')} />
            </>
          ) : plans ? (
            <PlanCards plans={plans} selected={plan} onToggle={toggle} error={planError} />
          ) : (
            <p role="status">{plansFailed ? PLANS_FAILURE : 'Carregando os planos…'}</p>
          )}
          <div className="creditor__actions">
            {step === 1 && (
              <button type="button" className="btn btn--ghost" onClick={() => setStep(0)} disabled={busy}>
                Voltar
              </button>
            )}
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
              {step === 0 ? 'Próximo' : 'Finalizar Cadastro'}
            </button>
          </div>
        </form>
      </main>
    </>
  );
}
