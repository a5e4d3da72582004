import {
  CONTACT_FAILURE,
  CONTACT_LIMITS,
  CONTACT_SUCCESS_SNACKBAR,
  type ContactFormInput,
  contactFormSchema,
  maskCpfCnpj,
} from '@portal/domain';
import { Form } from '../../../components/form/Form';
import { CheckboxInput, EmailInput, TextAreaInput, TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { QueryProvider } from '../../../components/ui/QueryProvider';
import { useSendContact } from '../api/send-contact';

const EMPTY: ContactFormInput = { name: '', email: '', identification: '', text: '', agreement: false };

/**
 * Spec 000 §2/§5: the contact message form, checked with the domain's rules (the server's), then sent; on failure
 * nothing the person typed is lost. Its own chunk: the landing page loads it (and the form libraries) lazily.
 */
/** The contact form loads after the landing page, possibly before the router and its query cache (decision 018). */
export default function LazyContactForm({ partnerName }: { partnerName: string }) {
  return (
    <QueryProvider>
      <ContactForm partnerName={partnerName} />
    </QueryProvider>
  );
}

function ContactForm({ partnerName }: { partnerName: string }) {
  const { showModal, showSnackbar } = useFeedback();
  const form = useZodForm(contactFormSchema, EMPTY);
  const send = useSendContact();
  const [agreed, text] = form.watch(['agreement', 'text']);
  const sending = form.formState.isSubmitting;

  async function onSubmit(message: ContactFormInput) {
    try {
      const answer = await send.mutateAsync(message);
      if (answer.retorno) {
        showSnackbar(CONTACT_SUCCESS_SNACKBAR);
        form.reset();
      } else await showModal({ ...CONTACT_FAILURE, style: 'alert' });
    } catch (error) {
      if (!showServerErrors(form, error)) await showModal({ ...CONTACT_FAILURE, style: 'alert' });
    }
  }

  const count = Array.from(text).length;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="contact-form"
      aria-labelledby="contato-form-title"
      data-testid="contact-form"
    >
      <h3 id="contato-form-title" className="contact-form__title">
        Envie uma mensagem
      </h3>
      <TextInput label="Nome" name="name" autoComplete="name" />
      <EmailInput label="E-mail" name="email" />
      <TextInput
        label="CPF ou CNPJ"
        name="identification"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        mask={maskCpfCnpj}
      />
      <TextAreaInput
        label="Mensagem"
        name="text"
        rows={5}
        hint={
          <span className={count > CONTACT_LIMITS.textMax ? 'counter counter--over' : 'counter'}>
            {count}/{CONTACT_LIMITS.textMax}
            <span className="sr-only"> caracteres</span>
          </span>
        }
      />
      <CheckboxInput
        label={`Autorizo o uso dos meus dados para que ${partnerName} responda a minha mensagem.`}
        name="agreement"
      />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!agreed || sending}
        aria-busy={sending || undefined}
        data-testid="contact-submit"
      >
        {sending ? 'Enviando…' : 'Enviar'}
      </button>
    </Form>
  );
}
