// The privacy portal's rights request form (spec 000 §2 "Privacy portal", §3 and §5 "Rights request form", §8) and
// the rules of the request it creates: protocol number, legal deadline, status. Shared by the browser form, the
// server (portal/enviarSolicitacaoPrivacidade) and the back office's queue.

import { z } from 'zod';
import { addDays, daysBetween, todayInBrasilia } from '../dates';
import { RIGHTS_ANSWER_DAYS } from '../legal/terms';
import { isValidEmail } from '../validation/email';
import { isValidMobile } from './lead-form';

/** Spec 000 §3 "Rights request form", the names the form sends. */
export interface PrivacyRequestInput {
  nome: string;
  telefone: string;
  email: string;
  tipoRequisicao: string;
  solicitacao: string;
}

/** Spec 000 §5: the tipoRequisicao options, verbatim and in this order. */
export const PRIVACY_REQUEST_TYPES = [
  'Acesso aos dados',
  'Confirmação da existência de tratamento',
  'Correção de dados',
  'Anonimização/bloqueio/eliminação',
  'Portabilidade',
  'Eliminação',
  'Informação sobre compartilhamento',
  'Revisão de decisões automatizadas',
  'Revogação de consentimento',
  'Outros',
] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];

export function isPrivacyRequestType(value: string): value is PrivacyRequestType {
  return (PRIVACY_REQUEST_TYPES as readonly string[]).includes(value);
}

/** Length caps (ours: the spec gives none). */
export const PRIVACY_REQUEST_LIMITS = { nameMax: 120, messageMax: 2000 } as const;

export const PRIVACY_REQUEST_MESSAGES = {
  /** Spec 000 §5: the one message for any missing field. */
  required: 'Preencha todos os campos, por favor.',
  // Spec 000 §5 first access / spec 002 §8, the same words for the same checks.
  email: 'Digite um e-mail válido',
  phone: 'Digite um celular válido',
  // Ours, in the same voice.
  type: 'Escolha o tipo de solicitação na lista.',
  tooLong: (label: string, max: number) => `O campo ${label} deve ter no máximo ${max} caracteres.`,
} as const;

/** Spec 000 §8 "Rights request success" and "Rights request failure", verbatim. */
export const PRIVACY_REQUEST_SUCCESS =
  'Sua solicitação foi enviada com sucesso. Entraremos em contato em breve, para falar com você sobre a resolução da sua solicitação.';
export const PRIVACY_REQUEST_FAILURE = 'Erro ao enviar a sua solicitação. Tente novamente mais tarde.';
/** Spec 000 §8 success snackbar of the rights request, verbatim. */
export const PRIVACY_REQUEST_SNACKBAR = 'Solicitação enviada com sucesso!';

/** A validated request: text trimmed, phone as its 11 digits. */
export interface PrivacyRequest {
  name: string;
  phone: string;
  email: string;
  requestType: PrivacyRequestType;
  message: string;
}

const length = (s: string) => Array.from(s).length;
const M = PRIVACY_REQUEST_MESSAGES;
/** Spec 000 §5: any missing field says the one message. */
const required = () => z.string().trim().min(1, M.required);

/**
 * The rights request's rules, in the browser and on the server: every field required, then its format; one
 * message per field, every field checked at once. The output is the request to store: text trimmed, phone unmasked.
 */
export const privacyRequestSchema = z
  .object({
    nome: required().refine(
      (name) => length(name) <= PRIVACY_REQUEST_LIMITS.nameMax,
      M.tooLong('nome', PRIVACY_REQUEST_LIMITS.nameMax),
    ),
    telefone: required().refine(isValidMobile, M.phone),
    email: required().refine(isValidEmail, M.email),
    tipoRequisicao: required().refine(isPrivacyRequestType, M.type),
    solicitacao: required().refine(
      (message) => length(message) <= PRIVACY_REQUEST_LIMITS.messageMax,
      M.tooLong('solicitação', PRIVACY_REQUEST_LIMITS.messageMax),
    ),
  })
  .transform(
    (input): PrivacyRequest => ({
      name: input.nome,
      phone: input.telefone.replace(/\D/g, ''),
      email: input.email,
      requestType: input.tipoRequisicao as PrivacyRequestType,
      message: input.solicitacao,
    }),
  );

// LGPD art. 19 II: a complete answer within 15 days of the request; counted in calendar days from the Brasília date
// of receipt.
export function privacyRequestDueDate(receivedAt: Date): string {
  return addDays(todayInBrasilia(receivedAt), RIGHTS_ANSWER_DAYS);
}

/** Calendar days from today (Brasília) to the due date: 0 on the last day, negative once overdue. */
export function privacyRequestDaysLeft(dueOn: string, now: Date = new Date()): number {
  return daysBetween(todayInBrasilia(now), dueOn);
}

/** The deadline in words, for the back office: the text itself says when a request is overdue. */
export function privacyDeadlineText(daysLeft: number): string {
  if (daysLeft === 0) return 'Vence hoje';
  if (daysLeft === 1) return 'Falta 1 dia';
  if (daysLeft > 1) return `Faltam ${daysLeft} dias`;
  return daysLeft === -1 ? 'Atrasada há 1 dia' : `Atrasada há ${-daysLeft} dias`;
}

/**
 * Protocol alphabet: digits and upper-case letters without I, L, O and U (Crockford's base 32), so a protocol read
 * aloud or copied by hand has no look-alike characters. 32 symbols: one byte masked to 5 bits is uniform.
 */
const PROTOCOL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random bytes one protocol needs: 6 characters of 5 bits, 30 bits of chance per day. */
export const PRIVACY_PROTOCOL_RANDOM_BYTES = 6;
export const PRIVACY_PROTOCOL_PATTERN = /^LGPD-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * The protocol number shown to the person, e.g. LGPD-20261123-7F3K9Q: the Brasília date of receipt and six
 * characters drawn from `random` (PRIVACY_PROTOCOL_RANDOM_BYTES bytes from a cryptographic source: the number must
 * not let anyone guess another request's).
 */
export function privacyProtocol(receivedAt: Date, random: Uint8Array): string {
  if (random.length < PRIVACY_PROTOCOL_RANDOM_BYTES)
    throw new RangeError(`privacyProtocol needs ${PRIVACY_PROTOCOL_RANDOM_BYTES} random bytes`);
  let code = '';
  for (let i = 0; i < PRIVACY_PROTOCOL_RANDOM_BYTES; i++) code += PROTOCOL_ALPHABET[random[i]! & 31];
  return `LGPD-${todayInBrasilia(receivedAt).replaceAll('-', '')}-${code}`;
}

/** A request's place in the back office's queue. */
export const PRIVACY_REQUEST_STATUSES = ['open', 'in_progress', 'answered'] as const;
export type PrivacyRequestStatusName = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_STATUS_LABELS: Record<PrivacyRequestStatusName, string> = {
  open: 'Aberta',
  in_progress: 'Em atendimento',
  answered: 'Respondida',
};

/** The button that moves a request to its next status. */
export const PRIVACY_STATUS_ACTIONS: Record<Exclude<PrivacyRequestStatusName, 'open'>, string> = {
  in_progress: 'Iniciar atendimento',
  answered: 'Marcar como respondida',
};

export function isPrivacyRequestStatus(value: string): value is PrivacyRequestStatusName {
  return (PRIVACY_REQUEST_STATUSES as readonly string[]).includes(value);
}

/** The status after this one (open → in_progress → answered), or null for an answered request. */
export function nextPrivacyStatus(
  status: PrivacyRequestStatusName,
): Exclude<PrivacyRequestStatusName, 'open'> | null {
  const next = PRIVACY_REQUEST_STATUSES[PRIVACY_REQUEST_STATUSES.indexOf(status) + 1];
  return next === undefined || next === 'open' ? null : next;
}

/** A request only moves forward (a step may be skipped: a quick answer goes from open to answered). */
export function canMovePrivacyStatus(from: PrivacyRequestStatusName, to: PrivacyRequestStatusName): boolean {
  return PRIVACY_REQUEST_STATUSES.indexOf(to) > PRIVACY_REQUEST_STATUSES.indexOf(from);
}

/** One request of the back office's privacy queue (GET /api/solicitacoes-privacidade, docs/api.md). */
export interface PrivacyRequestListItem {
  id: number;
  protocolo: string;
  parceiro: { id: number; nome: string; identificador: string };
  tipo: string;
  nome: string;
  email: string;
  /** 11 digits, unmasked. */
  telefone: string;
  solicitacao: string;
  /** ISO instant. */
  recebida_em: string;
  /** The legal deadline, a Brasília date 'YYYY-MM-DD'. */
  prazo: string;
  /** Calendar days from today (Brasília) to the deadline, negative when overdue; null once answered. */
  dias_restantes: number | null;
  status: PrivacyRequestStatusName;
  respondida_em: string | null;
  /** The answer e-mailed to the person (decision 030); null until answered. */
  resposta: string | null;
  /** The request came from an identified debtor session (export or erasure) rather than the public form. */
  identificada: boolean;
}

/** A page of the queue, paginated like GET /api/parceiro. */
export interface PrivacyRequestListPage {
  data: PrivacyRequestListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}
