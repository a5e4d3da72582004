import {
  hasCapability,
  JOB_INTEREST_AREAS,
  JOB_MESSAGES,
  JOB_VACANCY_LEVELS,
  type JobApplicationErrors,
  type JobApplicationInput,
  validateJobApplication,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { CheckboxField, EmailField, TextAreaField, TextField } from '../../../components/ui/fields';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PhoneField } from '../../../components/ui/PhoneField';
import { SelectField } from '../../../components/ui/SelectField';
import { markHeroPainted } from '../../../lib/first-paint';
import { useFormErrors } from '../../../lib/form-errors';
import { usePartner } from '../../../lib/partner';
import { readAsDataUrl, sendJobApplication } from '../api/send-job-application';
import { CvField, checkCvFile } from '../components/CvField';
import '../jobs.css';

type Field = keyof JobApplicationErrors;

const EMPTY: JobApplicationInput = {
  nome: '',
  telefone: '',
  email: '',
  tipoDeAtuacao: '',
  interesse: '',
  mensagem: '',
  consentimento: false,
};
const FIELD_ORDER: Field[] = [
  'nome',
  'telefone',
  'email',
  'tipoDeAtuacao',
  'interesse',
  'mensagem',
  'curriculo',
  'consentimento',
];
/** The domain's messages of every invalid field ({} when the form is valid). */
function fieldErrors(current: JobApplicationInput): JobApplicationErrors {
  const result = validateJobApplication(current);
  return result.ok ? {} : result.errors;
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const LEVEL_OPTIONS = options(JOB_VACANCY_LEVELS);
const AREA_OPTIONS = options(JOB_INTEREST_AREAS);

/**
 * WorkWithUs at /trabalhe-conosco (spec 002 §2 "Job form", §5, §8), only for a partner with the workWithUsMenu
 * capability (spec 000 §2); any other partner goes to the landing page. Validates with the domain's rules on blur
 * and on send; 'Enviar' waits for the consent; on a failure nothing typed or chosen is lost.
 */
export default function WorkWithUs() {
  const config = usePartner();
  if (!hasCapability(config, 'workWithUsMenu')) return <Navigate to="/" replace />;
  return <JobForm partnerName={config.nome} />;
}

function JobForm({ partnerName }: { partnerName: string }) {
  const { showModal } = useFeedback();
  const [values, setValues] = useState<JobApplicationInput>(EMPTY);
  const [cv, setCv] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const { formRef, errors, show, check, clearIfValid, showServer, reset } = useFormErrors(FIELD_ORDER);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => markHeroPainted(), []);

  function update<F extends keyof JobApplicationInput>(field: F, value: JobApplicationInput[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    clearIfValid(field, fieldErrors(next));
  }

  async function chooseCv(file: File | null) {
    setCv(file);
    check('curriculo', { curriculo: file ? ((await checkCvFile(file)) ?? undefined) : undefined });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = fieldErrors(values);
    const cvError = cv ? await checkCvFile(cv) : null;
    if (cvError) found.curriculo = cvError;
    if (show(found)) return;
    setSending(true);
    try {
      await sendJobApplication({ ...values, curriculo: cv ? await readAsDataUrl(cv) : '' });
      await showModal({ title: 'Candidatura enviada', text: JOB_MESSAGES.success, style: 'success' });
      setValues(EMPTY);
      setCv(null);
      if (fileRef.current) fileRef.current.value = '';
      reset();
    } catch (error) {
      // Field messages go under their fields; anything else is the spec's failure text. Nothing typed is lost.
      if (!showServer(error)) await showModal({ title: 'Erro', text: JOB_MESSAGES.failure, style: 'danger' });
    } finally {
      setSending(false);
    }
  }

  const validateField = (field: keyof JobApplicationInput) => check(field, fieldErrors(values));

  return (
    <div className="jobs">
      <PageHeader />
      <main id="conteudo" className="container container--narrow jobs__main">
        <h1>Trabalhe conosco</h1>
        <p className="jobs__intro">
          Quer fazer parte da equipe {partnerName}? Conte um pouco sobre você e, se quiser, envie o seu
          currículo. Os campos marcados com * são obrigatórios.
        </p>
        <form
          ref={formRef}
          className="contact-form"
          onSubmit={onSubmit}
          noValidate
          aria-label="Trabalhe conosco"
          data-testid="job-form"
        >
          <TextField
            label="Nome *"
            name="nome"
            autoComplete="name"
            required
            value={values.nome}
            error={errors.nome}
            onChange={(event) => update('nome', event.target.value)}
            onBlur={() => validateField('nome')}
          />
          <PhoneField
            label="Celular *"
            name="telefone"
            required
            value={values.telefone}
            error={errors.telefone}
            onValueChange={(masked) => update('telefone', masked)}
            onBlur={() => validateField('telefone')}
          />
          <EmailField
            label="E-mail *"
            name="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(event) => update('email', event.target.value)}
            onBlur={() => validateField('email')}
          />
          <SelectField
            label="Nível da vaga *"
            name="tipoDeAtuacao"
            required
            options={LEVEL_OPTIONS}
            value={values.tipoDeAtuacao}
            error={errors.tipoDeAtuacao}
            onChange={(event) => update('tipoDeAtuacao', event.target.value)}
          />
          <SelectField
            label="Área de interesse *"
            name="interesse"
            required
            options={AREA_OPTIONS}
            value={values.interesse}
            error={errors.interesse}
            onChange={(event) => update('interesse', event.target.value)}
          />
          <TextAreaField
            label="Mensagem"
            name="mensagem"
            rows={5}
            value={values.mensagem}
            error={errors.mensagem}
            onChange={(event) => update('mensagem', event.target.value)}
            onBlur={() => validateField('mensagem')}
          />
          <CvField inputRef={fileRef} error={errors.curriculo} onFile={(file) => void chooseCv(file)} />
          <CheckboxField
            label={`Autorizo ${partnerName} a usar os meus dados e o meu currículo neste e em futuros processos seletivos.`}
            name="consentimento"
            checked={values.consentimento}
            error={errors.consentimento}
            onChange={(event) => update('consentimento', event.target.checked)}
          />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={!values.consentimento || sending}
            aria-busy={sending || undefined}
            data-testid="job-submit"
          >
            {sending ? 'Enviando…' : 'Enviar'}
          </button>
        </form>
      </main>
    </div>
  );
}
