import {
  hasCapability,
  JOB_INTEREST_AREAS,
  JOB_MESSAGES,
  JOB_VACANCY_LEVELS,
  jobApplicationSchema,
} from '@portal/domain';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { Form } from '../../../components/form/Form';
import {
  CheckboxInput,
  EmailInput,
  PhoneInput,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { idempotencyKey } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import {
  type JobApplicationPayload,
  type JobApplicationSend,
  readAsDataUrl,
  useSendJobApplication,
} from '../api/send-job-application';
import { CvField, checkCvFile } from '../components/CvField';
import '../jobs.css';

/** The domain's rules, and the CV checked as the server checks it (between the message and the consent). */
const jobFormSchema = jobApplicationSchema.safeExtend({
  curriculo: z
    .custom<File | null>()
    .refine(async (file) => file === null || (await checkCvFile(file)) === null, JOB_MESSAGES.cv),
});

const EMPTY = {
  nome: '',
  telefone: '',
  email: '',
  tipoDeAtuacao: '',
  interesse: '',
  mensagem: '',
  curriculo: null,
  consentimento: false,
};

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
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const { showModal } = useFeedback();
  const form = useZodForm(jobFormSchema, EMPTY);
  const send = useSendJobApplication();
  const attempt = useRef<JobApplicationSend | null>(null);
  const consent = form.watch('consentimento');
  const sending = form.formState.isSubmitting;

  useEffect(() => markHeroPainted(), []);

  async function onSubmit() {
    // The server takes the fields as typed (masks too) and the CV as base64, read only now.
    const { curriculo, ...fields } = form.getValues();
    try {
      const payload: JobApplicationPayload = {
        ...fields,
        curriculo: curriculo ? await readAsDataUrl(curriculo) : '',
      };
      const body = JSON.stringify(payload);
      // A retry of the same send (its answer was lost) reuses the key, so the server stores one application; a send
      // that differs is a new one.
      if (attempt.current?.body !== body) attempt.current = { body, key: idempotencyKey() };
      await send.mutateAsync(attempt.current);
      attempt.current = null;
      await showModal({ title: 'Candidatura enviada', text: JOB_MESSAGES.success, style: 'success' });
      form.reset();
    } catch (error) {
      // Field messages go under their fields; anything else is the spec's failure text. Nothing typed is lost.
      if (!showServerErrors(form, error))
        await showModal({ title: 'Erro', text: JOB_MESSAGES.failure, style: 'danger' });
    }
  }

  return (
    <div className="jobs">
      <PageHeader />
      <main id="conteudo" className="container container--narrow jobs__main">
        <h1 {...focusStart}>Trabalhe conosco</h1>
        <p className="jobs__intro">
          Quer fazer parte da equipe {partnerName}? Conte um pouco sobre você e, se quiser, envie o seu
          currículo. Os campos marcados com * são obrigatórios.
        </p>
        <Form
          form={form}
          onSubmit={onSubmit}
          className="contact-form"
          aria-label="Trabalhe conosco"
          data-testid="job-form"
        >
          <TextInput label="Nome *" name="nome" autoComplete="name" required />
          <PhoneInput label="Celular *" name="telefone" required />
          <EmailInput label="E-mail *" name="email" required />
          <SelectInput label="Nível da vaga *" name="tipoDeAtuacao" required options={LEVEL_OPTIONS} />
          <SelectInput label="Área de interesse *" name="interesse" required options={AREA_OPTIONS} />
          <TextAreaInput label="Mensagem" name="mensagem" rows={5} />
          <CvField />
          <CheckboxInput
            label={`Autorizo ${partnerName} a usar os meus dados e o meu currículo neste e em futuros processos seletivos.`}
            name="consentimento"
          />
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={!consent || sending}
            aria-busy={sending || undefined}
            data-testid="job-submit"
          >
            {sending ? 'Enviando…' : 'Enviar'}
          </button>
        </Form>
      </main>
    </div>
  );
}
