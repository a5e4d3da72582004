// Simple public creditor registration (spec 002 §2 RegisterCreditor at /seja-parceiro, §5 "Public creditor
// registration", §7 "Register creditor (simple)"). Shared by the browser form and the server
// (cadastrarEmpresaCredora), so both say the same.
import { z } from 'zod';
import { isValidCnpj, normalizeDocument } from '../document/cpf-cnpj';
import { isValidEmail } from '../validation/email';
import { isValidLandline, isValidMobile, LEAD_MESSAGES } from './lead-form';

/** The body of cadastrarEmpresaCredora as the form sends it (masks accepted; link_cadastro is built by the server). */
export interface CreditorRegistrationInput {
  razao_social: string;
  cnpj: string;
  nome_contato: string;
  telefone_cel: string;
  telefone_fixo: string;
  email: string;
  website: string;
}

export type CreditorRegistrationField = keyof CreditorRegistrationInput;

/** A validated registration: CNPJ and phones unmasked (CNPJ letters upper-cased), text trimmed. */
export interface CreditorRegistration {
  companyName: string;
  cnpj: string;
  contactName: string;
  mobile: string;
  landline: string;
  email: string;
  website: string;
}

export const CREDITOR_REGISTRATION_LIMITS = { textMax: 120, websiteMax: 200 } as const;

// Spec 002 §8 (sign-up and creditor forms) for required, e-mail and phones; the CNPJ and site texts are ours.
export const CREDITOR_REGISTRATION_MESSAGES = {
  required: LEAD_MESSAGES.required,
  tooLong: LEAD_MESSAGES.tooLong,
  cnpj: 'Digite um CNPJ válido',
  email: LEAD_MESSAGES.email,
  mobile: LEAD_MESSAGES.mobile,
  landline: LEAD_MESSAGES.phone,
  website: 'Digite um site válido, como www.suaempresa.com.br',
  /** A CNPJ whose company already finished the sign-up on this portal: a new link could not be completed. */
  cnpjSignedUp:
    'Esta empresa já concluiu o cadastro. Entre na área do credor com o usuário e a senha criados.',
} as const;

/** Spec 002 §8 success snackbar, verbatim, and the line that tells of the confirmation e-mail. */
export const CREDITOR_REGISTRATION_SUCCESS = 'Credor adicionado com sucesso!';
export const creditorConfirmationSentText = (email: string) =>
  `Enviamos um e-mail de confirmação para ${email} com o link para concluir o cadastro da sua empresa.`;

/** The text a person reads when the registration could not be sent (spec 002 §8 keeps the API error silent). */
export const CREDITOR_REGISTRATION_FAILURE =
  'Não foi possível enviar o seu cadastro agora. Tente novamente em alguns minutos.';

/** What getEmpresasCredoras answers of a lead (in dados.credores): only what the wizard prefills. */
export interface CreditorLeadPrefill {
  razaoSocial: string;
  nomeContato: string;
  email: string;
}

/** getEmpresasCredoras with a code that is no lead of this portal (an old or mistyped link). */
export const CREDITOR_LEAD_NOT_FOUND =
  'Não encontramos o cadastro deste link. Confira o link do e-mail ou preencha os dados abaixo.';

/** getEmpresasCredoras or cadastrarCliente with the code of a link whose sign-up was finished: one company a link. */
export const CREDITOR_LEAD_SIGNED_UP =
  'O cadastro deste link já foi concluído. Entre na área do credor com o usuário e a senha criados.';

export const CREDITOR_REGISTRATION_LABELS: Record<CreditorRegistrationField, string> = {
  razao_social: 'razão social',
  cnpj: 'CNPJ',
  nome_contato: 'nome do contato',
  telefone_cel: 'celular',
  telefone_fixo: 'telefone fixo',
  email: 'e-mail',
  website: 'site',
};

// A host name with a dot and a letter top-level domain, optionally with http(s):// and a path.
const WEBSITE =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

const length = (s: string) => Array.from(s).length;
const digits = (s: string) => s.replace(/\D/g, '');
const M = CREDITOR_REGISTRATION_MESSAGES;
const { textMax, websiteMax } = CREDITOR_REGISTRATION_LIMITS;

const required = (field: CreditorRegistrationField) =>
  z.string().trim().min(1, M.required(CREDITOR_REGISTRATION_LABELS[field]));
/** A required text of at most textMax characters. */
const requiredText = (field: 'razao_social' | 'nome_contato') =>
  required(field).refine(
    (text) => length(text) <= textMax,
    M.tooLong(CREDITOR_REGISTRATION_LABELS[field], textMax),
  );

/**
 * The registration's rules, in the browser and on the server (every field checked, so the form marks them all); the
 * output is the registration to store: CNPJ and phones unmasked (CNPJ letters upper-cased), text trimmed.
 */
export const creditorRegistrationSchema = z
  .object({
    razao_social: requiredText('razao_social'),
    cnpj: required('cnpj').refine(isValidCnpj, M.cnpj),
    nome_contato: requiredText('nome_contato'),
    // Spec 002 §5: mobile of at least 15 masked characters, (##) #####-####, a real mobile number.
    telefone_cel: required('telefone_cel').refine(isValidMobile, M.mobile),
    // Spec 002 §5: the landline is optional; when given it must be a whole number, (##) ####-####.
    telefone_fixo: z
      .string()
      .trim()
      .refine((landline) => landline === '' || isValidLandline(landline), M.landline),
    email: required('email').refine(isValidEmail, M.email),
    website: z
      .string()
      .trim()
      .refine(
        (website) => length(website) <= websiteMax,
        M.tooLong(CREDITOR_REGISTRATION_LABELS.website, websiteMax),
      )
      .refine((website) => website === '' || WEBSITE.test(website), M.website),
  })
  .transform(
    (input): CreditorRegistration => ({
      companyName: input.razao_social,
      cnpj: normalizeDocument(input.cnpj),
      contactName: input.nome_contato,
      mobile: digits(input.telefone_cel),
      landline: digits(input.telefone_fixo),
      email: input.email,
      website: input.website,
    }),
  );

/** Spec 002 §2: the confirmation link is the registration page's address with 'seja-parceiro' turned into
 * 'cadastre-sua-empresa', followed by the lead's code. */
export const CREDITOR_REGISTRATION_PATH = '/seja-parceiro';
export const CREDITOR_SIGN_UP_PATH = '/cadastre-sua-empresa';

export function creditorSignUpLink(portalBaseUrl: string, code: string): string {
  return `${portalBaseUrl.replace(/\/+$/, '')}${CREDITOR_SIGN_UP_PATH}/${encodeURIComponent(code)}`;
}
