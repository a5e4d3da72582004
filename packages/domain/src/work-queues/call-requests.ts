import { z } from 'zod';
import { onlyDigits } from '../masks';

// A debtor asking to be called back or contacted on WhatsApp (spec 001 §5 "Call request", "Digital contact"; §7
// "Request call", "WhatsApp contact"; §8 "Call request"). Shared by the server and the portal's forms.

export type CallRequestKind = 'call' | 'whatsapp';

/** How many requests one person may make per Brasília day, of both kinds together (issue 19: limited per day). */
export const CALL_REQUESTS_PER_DAY = 3;

export const CALL_REQUEST_MESSAGES = {
  invalidPhone: 'Informe um número de telefone válido.',
  invalidWhatsapp: 'Informe um número de WhatsApp válido.',
  limitReached:
    'Você já fez muitos pedidos de contato hoje. Aguarde o nosso contato ou tente novamente amanhã.',
  scheduled: 'Nova chamada agendada.',
  whatsappSent: 'Recebemos o seu número. Entraremos em contato pelo WhatsApp em breve.',
} as const;

/** The Portuguese name each kind has in the staff queue and the partner's e-mail. */
export const CALL_REQUEST_LABELS: Record<CallRequestKind, string> = {
  call: 'Ligação',
  whatsapp: 'WhatsApp',
};

/**
 * The phone's digits when it is one a call can reach, else undefined: a DDD (11-99) and a landline (10 digits) or a
 * mobile starting with 9 (11 digits, spec 001 §5 masks). WhatsApp needs a mobile: the 15-character mask (##) #####-####.
 */
export function callRequestPhone(kind: CallRequestKind, typed: string): string | undefined {
  const digits = onlyDigits(typed);
  if (!/^[1-9][1-9]/.test(digits)) return undefined;
  const mobile = digits.length === 11 && digits[2] === '9';
  const landline = digits.length === 10 && /[2-5]/.test(digits[2]!);
  return mobile || (kind === 'call' && landline) ? digits : undefined;
}

/**
 * The portal's forms (spec 001 §5): call scheduling ('Informe um número de telefone válido.') and digital contact (a
 * WhatsApp mobile, the 15-character mask). The same rule as the server's, so the browser says what the server says.
 */
export function callRequestSchema(kind: CallRequestKind) {
  const message =
    kind === 'call' ? CALL_REQUEST_MESSAGES.invalidPhone : CALL_REQUEST_MESSAGES.invalidWhatsapp;
  return z.object({
    telefone: z.string().refine((typed) => callRequestPhone(kind, typed) !== undefined, message),
  });
}
