// Contact form rules shared by the browser form and the server (spec 000 §3 "Contact form", §5 "Contact form", §9).
import { isValidCpfCnpj } from '../document/cpf-cnpj';
import { isValidEmail } from '../validation/email';

export interface ContactFormInput {
  name: string;
  email: string;
  identification: string;
  text: string;
  agreement: boolean;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormInput, string>>;

// Spec 000 §9: name 3 to 20 characters (contact form); message 10 to 300 characters.
export const CONTACT_LIMITS = { nameMin: 3, nameMax: 20, textMin: 10, textMax: 300 } as const;

// Spec 000 §5 "Contact form" messages, verbatim.
export const CONTACT_MESSAGES = {
  nameRequired: 'Nome é obrigatório!',
  nameLength: 'Por favor, digite o seu nome completo',
  email: 'E-mail é obrigatório!',
  identification: 'CPF/CNPJ é obrigatório!',
  textShort: 'Seu texto está muito curto.',
  textLong: 'Seu texto está muito longo.',
  // The spec only says the consent checkbox enables Send; this text is ours, for the server side.
  agreement: 'Marque a caixa de consentimento para enviar.',
} as const;

// Spec 000 §8: success snackbar, the send-e-mail success message, and the e-mail failure modal.
export const CONTACT_SUCCESS_SNACKBAR = 'E-mail enviado com sucesso!';
export const EMAIL_SENT_MESSAGE = 'E-mail enviado com sucesso.';
export const CONTACT_FAILURE = {
  title: 'Atenção!',
  text: 'Ocorreu um erro ao enviar o e-mail. Tente novamente mais tarde',
} as const;

/** Length in characters (code points), so an accented or emoji character counts once. */
function length(s: string): number {
  return Array.from(s).length;
}

/** The error message of each invalid field; {} when the form is valid. Fields are trimmed before checking. */
export function validateContactForm(input: ContactFormInput): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const name = (input.name ?? '').trim();
  const email = (input.email ?? '').trim();
  const identification = (input.identification ?? '').trim();
  const text = (input.text ?? '').trim();

  if (name === '') errors.name = CONTACT_MESSAGES.nameRequired;
  else if (length(name) < CONTACT_LIMITS.nameMin || length(name) > CONTACT_LIMITS.nameMax) {
    errors.name = CONTACT_MESSAGES.nameLength;
  }
  if (!isValidEmail(email)) errors.email = CONTACT_MESSAGES.email;
  if (!isValidCpfCnpj(identification)) errors.identification = CONTACT_MESSAGES.identification;
  if (length(text) < CONTACT_LIMITS.textMin) errors.text = CONTACT_MESSAGES.textShort;
  else if (length(text) > CONTACT_LIMITS.textMax) errors.text = CONTACT_MESSAGES.textLong;
  if (input.agreement !== true) errors.agreement = CONTACT_MESSAGES.agreement;
  return errors;
}
