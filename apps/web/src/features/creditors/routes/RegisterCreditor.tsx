import {
  CREDITOR_REGISTRATION_FAILURE,
  CREDITOR_REGISTRATION_SUCCESS,
  type CreditorRegistrationInput,
  creditorConfirmationSentText,
  creditorRegistrationSchema,
  maskCnpj,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Form } from '../../../components/form/Form';
import { EmailInput, PhoneInput, TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { useRegisterCreditor } from '../api/creditors';
import '../creditors.css';
import { KeepWords } from '../../../components/ui/KeepWords';

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

/**
 * RegisterCreditor (spec 002 §2) at /seja-parceiro: the simple creditor registration. On success the form gives
 * way to the confirmation: the server e-mailed the link that opens the sign-up wizard with these data.
 */
export default function RegisterCreditor() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const { showModal, showSnackbar, showLoading, hideLoading } = useFeedback();
  const form = useZodForm(creditorRegistrationSchema, EMPTY);
  const register = useRegisterCreditor();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => markHeroPainted(), []);
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  async function onSubmit() {
    // The server takes the fields as typed (masks too).
    const values = form.getValues();
    showLoading('Enviando o cadastro…');
    try {
      const answer = await register.mutateAsync(values);
      hideLoading();
      if (answer.retorno) {
        showSnackbar(CREDITOR_REGISTRATION_SUCCESS, 'success');
        setSentTo(values.email.trim());
      } else {
        await showModal({
          title: FAILURE_TITLE,
          text: answer.mensagem || CREDITOR_REGISTRATION_FAILURE,
          style: 'alert',
        });
      }
    } catch (error) {
      hideLoading();
      if (!showServerErrors(form, error)) {
        // Spec 002 §8 keeps this silent; a person still needs to know the registration did not go through.
        const text =
          error instanceof ApiError && error.status === 429 ? error.message : CREDITOR_REGISTRATION_FAILURE;
        await showModal({ title: FAILURE_TITLE, text, style: 'alert' });
      }
    }
  }

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow creditor">
        <h1 className="page__title" {...focusStart}>
          Seja um credor parceiro
        </h1>
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
              <KeepWords>
                Cadastre a sua empresa para receber as negociações dos seus clientes pelo portal. Enviaremos
                um e-mail com o link para você criar o seu usuário e escolher o plano.
              </KeepWords>
            </p>
            <Form
              form={form}
              className="creditor__form"
              onSubmit={onSubmit}
              aria-label="Cadastro de credor parceiro"
              data-testid="register-creditor-form"
            >
              <TextInput
                label="Razão social"
                name="razao_social"
                autoComplete="organization"
                maxLength={120}
              />
              <TextInput
                label="CNPJ"
                name="cnpj"
                inputMode="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="00.000.000/0000-00"
                mask={maskCnpj}
              />
              <TextInput label="Nome do contato" name="nome_contato" autoComplete="name" maxLength={120} />
              <PhoneInput label="Celular" name="telefone_cel" kind="mobile" autoComplete="tel-national" />
              <PhoneInput
                label="Telefone fixo (opcional)"
                name="telefone_fixo"
                kind="any"
                placeholder="(00) 0000-0000"
                autoComplete="off"
              />
              <EmailInput label="E-mail" name="email" />
              <TextInput
                label="Site (opcional)"
                name="website"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="www.suaempresa.com.br"
                maxLength={200}
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
            </Form>
          </>
        )}
      </main>
    </>
  );
}
