import {
  CONTACT_FAILURE,
  CONTACT_LIMITS,
  CONTACT_SUCCESS_SNACKBAR,
  type ContactFormErrors,
  type ContactFormInput,
  maskCpfCnpj,
  normalizeDocument,
  validateContactForm,
} from '@portal/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { CheckboxField, EmailField, TextAreaField, TextField } from '../../../components/ui/fields';
import { ApiError } from '../../../lib/api';
import { sendContact } from '../api/send-contact';

type Field = keyof ContactFormInput;

const EMPTY: ContactFormInput = { name: '', email: '', identification: '', text: '', agreement: false };
const FIELD_ORDER: Field[] = ['name', 'email', 'identification', 'text', 'agreement'];

function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * Spec 000 §2/§5: the contact message form. Validates each field on blur and everything on submit with the
 * shared domain rules, then sends; on failure nothing the person typed is lost.
 */
export function ContactForm({ partnerName }: { partnerName: string }) {
  const { showModal, showSnackbar } = useFeedback();
  const [values, setValues] = useState<ContactFormInput>(EMPTY);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update<F extends Field>(field: F, value: ContactFormInput[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a message is shown, it goes away as soon as the value becomes valid.
    if (errors[field]) {
      const next = validateContactForm({ ...values, [field]: value })[field];
      if (!next) setErrors((current) => ({ ...current, [field]: undefined }));
    }
  }

  function validateField(field: Field) {
    if (field === 'agreement') return;
    setErrors((current) => ({ ...current, [field]: validateContactForm(values)[field] }));
  }

  function focusFirstError(found: ContactFormErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateContactForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError(found);
      return;
    }
    setSending(true);
    try {
      const answer = await sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        identification: normalizeDocument(values.identification),
        text: values.text.trim(),
        agreement: values.agreement,
      });
      if (answer.retorno) {
        showSnackbar(CONTACT_SUCCESS_SNACKBAR);
        setValues(EMPTY);
        setErrors({});
      } else {
        await showModal({ ...CONTACT_FAILURE, style: 'alert' });
      }
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const known: ContactFormErrors = {};
      for (const field of FIELD_ORDER) if (fieldErrors[field]) known[field] = fieldErrors[field];
      if (Object.keys(known).length > 0) {
        setErrors(known);
        focusFirstError(known);
      } else {
        await showModal({ ...CONTACT_FAILURE, style: 'alert' });
      }
    } finally {
      setSending(false);
    }
  }

  const count = charCount(values.text);
  return (
    <form
      ref={formRef}
      className="contact-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contato-form-title"
      data-testid="contact-form"
    >
      <h3 id="contato-form-title" className="contact-form__title">
        Envie uma mensagem
      </h3>
      <TextField
        label="Nome"
        name="name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={(event) => update('name', event.target.value)}
        onBlur={() => validateField('name')}
      />
      <EmailField
        label="E-mail"
        name="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => update('email', event.target.value)}
        onBlur={() => validateField('email')}
      />
      <TextField
        label="CPF ou CNPJ"
        name="identification"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={18}
        value={values.identification}
        error={errors.identification}
        onChange={(event) => update('identification', maskCpfCnpj(event.target.value))}
        onBlur={() => validateField('identification')}
      />
      <TextAreaField
        label="Mensagem"
        name="text"
        rows={5}
        value={values.text}
        error={errors.text}
        hint={
          <span className={count > CONTACT_LIMITS.textMax ? 'counter counter--over' : 'counter'}>
            {count}/{CONTACT_LIMITS.textMax}
            <span className="sr-only"> caracteres</span>
          </span>
        }
        onChange={(event) => update('text', event.target.value)}
        onBlur={() => validateField('text')}
      />
      <CheckboxField
        label={`Autorizo o uso dos meus dados para que ${partnerName} responda a minha mensagem.`}
        name="agreement"
        checked={values.agreement}
        onChange={(event) => update('agreement', event.target.checked)}
      />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!values.agreement || sending}
        aria-busy={sending || undefined}
        data-testid="contact-submit"
      >
        {sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
