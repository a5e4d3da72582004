import {
  CREDITOR_REGISTRATION_FAILURE,
  CREDITOR_REGISTRATION_SUCCESS,
  type CreditorRegistrationField,
  type CreditorRegistrationInput,
  creditorConfirmationSentText,
  maskCnpj,
  validateCreditorRegistration,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { EmailField, TextField } from '../../../components/ui/fields';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PhoneField } from '../../../components/ui/PhoneField';
import { ApiError } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { registerCreditor } from '../api/creditors';
import { useValidatedForm } from '../lib/use-validated-form';
import '../creditors.css';

const FIELDS: readonly CreditorRegistrationField[] = [
  'razao_social',
  'cnpj',
  'nome_contato',
  'telefone_cel',
  'telefone_fixo',
  'email',
  'website',
];
const EMPTY: CreditorRegistrationInput = {
  razao_social: '',
  cnpj: '',
  nome_contato: '',
  telefone_cel: '',
  telefone_fixo: '',
  email: '',
  website: '',
};
const FAILURE_TITLE = 'Não foi possível enviar o cadastro';

const validate = (values: CreditorRegistrationInput) => {
  const result = validateCreditorRegistration(values);
  return result.ok ? {} : result.errors;
};

/**
 * RegisterCreditor (spec 002 §2) at /seja-parceiro: the simple creditor registration. On success the form gives
 * way to the confirmation: the server e-mailed the link that opens the sign-up wizard with these data.
 */
export default function RegisterCreditor() {
  const { showModal, showSnackbar, showLoading, hideLoading } = useFeedback();
  const form = useValidatedForm<CreditorRegistrationField>(EMPTY, validate, FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => markHeroPainted(), []);
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.isValid()) return;
    setBusy(true);
    showLoading('Enviando o cadastro…');
    try {
      const answer = await registerCreditor(form.values);
      hideLoading();
      if (answer.retorno) {
        showSnackbar(CREDITOR_REGISTRATION_SUCCESS, 'success');
        setSentTo(form.values.email.trim());
      } else {
        await showModal({
          title: FAILURE_TITLE,
          text: answer.mensagem || CREDITOR_REGISTRATION_FAILURE,
          style: 'alert',
        });
      }
    } catch (error) {
      hideLoading();
      if (!form.showServer(error)) {
        // Spec 002 §8 keeps this silent; a person still needs to know the registration did not go through.
        const text =
          error instanceof ApiError && error.status === 429 ? error.message : CREDITOR_REGISTRATION_FAILURE;
        await showModal({ title: FAILURE_TITLE, text, style: 'alert' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow creditor">
        <h1 className="page__title">Seja um credor parceiro</h1>
        {sentTo ? (
          <section
            className="creditor__done"
            aria-labelledby="credor-adicionado"
            data-testid="creditor-registered"
          >
            <h2 id="credor-adicionado" ref={doneRef} tabIndex={-1}>
              {CREDITOR_REGISTRATION_SUCCESS}
            </h2>
            <p>{creditorConfirmationSentText(sentTo)}</p>
            <Link to="/" className="btn btn--primary">
              Voltar para a página inicial
            </Link>
          </section>
        ) : (
          <>
            <p>
              Cadastre a sua empresa para receber as negociações dos seus clientes pelo portal. Enviaremos um
              e-mail com o link para você criar o seu usuário e escolher o plano.
            </p>
            <form
              ref={form.formRef}
              className="creditor__form"
              onSubmit={onSubmit}
              noValidate
              aria-label="Cadastro de credor parceiro"
              data-testid="register-creditor-form"
            >
              <TextField
                label="Razão social"
                autoComplete="organization"
                maxLength={120}
                {...form.bind('razao_social')}
              />
              <TextField
                label="CNPJ"
                inputMode="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="00.000.000/0000-00"
                maxLength={18}
                {...form.bind('cnpj', maskCnpj)}
              />
              <TextField
                label="Nome do contato"
                autoComplete="name"
                maxLength={120}
                {...form.bind('nome_contato')}
              />
              <PhoneField
                label="Celular"
                kind="mobile"
                autoComplete="tel-national"
                {...form.bindValue('telefone_cel')}
              />
              <PhoneField
                label="Telefone fixo (opcional)"
                kind="any"
                placeholder="(00) 0000-0000"
                autoComplete="off"
                {...form.bindValue('telefone_fixo')}
              />
              <EmailField label="E-mail" {...form.bind('email')} />
              <TextField
                label="Site (opcional)"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="www.suaempresa.com.br"
                maxLength={200}
                {...form.bind('website')}
              />
              <button
                type="submit"
                className="btn btn--primary btn--block"
                disabled={busy}
                aria-busy={busy || undefined}
                data-testid="register-creditor-submit"
              >
                Cadastrar empresa
              </button>
            </form>
          </>
        )}
      </main>
    </>
  );
}
