// Contact form rules shared by the browser form and the server (spec 000 §3 "Contact form", §5 "Contact form", §9).
import { z } from 'zod';
import { isValidCpfCnpj, normalizeDocument } from '../document/cpf-cnpj';
import { isValidEmail } from '../validation/email';

export interface ContactFormInput {
  name: string;
  email: string;
  identification: string;
  text: string;
  agreement: boolean;
}

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

/**
 * The contact form's rules, in the browser and on the server: every field trimmed, then checked in the spec's
 * order. The output is what is sent and stored: the document unmasked.
 */
export const contactFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .refine(
      (name) => length(name) >= CONTACT_LIMITS.nameMin && length(name) <= CONTACT_LIMITS.nameMax,
      CONTACT_MESSAGES.nameLength,
    ),
  email: z.string().trim().refine(isValidEmail, CONTACT_MESSAGES.email),
  identification: z
    .string()
    .trim()
    .refine(isValidCpfCnpj, CONTACT_MESSAGES.identification)
    .transform(normalizeDocument),
  text: z
    .string()
    .trim()
    .refine((text) => length(text) >= CONTACT_LIMITS.textMin, CONTACT_MESSAGES.textShort)
    .refine((text) => length(text) <= CONTACT_LIMITS.textMax, CONTACT_MESSAGES.textLong),
  agreement: z.boolean().refine((agreed) => agreed, CONTACT_MESSAGES.agreement),
});
