import { z } from 'zod';
import { addDays, formatBrDate, isValidIsoDate } from '../dates';
import { onlyDigits } from '../masks';
import { formatMoney, parseMoney } from '../money';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../validation/email';
import { tooLongMessage } from '../validation/wire-fields';

// What a debtor can send about a debt besides accepting a plan (spec 001 §3, §5, §8).

/** Spec 001 §3 "Reasons for not paying (fixed list)". */
export const CANNOT_PAY_REASONS = [
  'Desemprego',
  'Doença Afastamento Licença',
  'Juros Altos',
  'Discorda do Valor',
  'Redução Perda de receita',
  'Empréstimo realizado a terceiro',
  'Salário em atraso',
  'Prefiro negociar diretamente com a loja',
  'Não confio neste canal',
  'Esta dívida é muito antiga',
  'Outro motivo',
] as const;
export type CannotPayReason = (typeof CANNOT_PAY_REASONS)[number];

export const DEBT_REQUEST_MESSAGES = {
  // Spec 001 §5 cannot pay.
  reasonRequired: 'Escolha um dos motivos para continuar.',
  reasonReceived: 'Recebemos o seu motivo. Obrigado por nos contar.',
  // Spec 001 §5 proposal.
  entryInvalid: 'Digite uma entrada válida',
  countInvalid: 'Digite uma quantidade de parcelas válida',
  instalmentInvalid: 'Digite um valor de parcela válido',
  // Decision 027: the store's minimum instalment (its policy), said in the envelope; the field says the amount.
  instalmentBelowMinimum: 'O valor da parcela está abaixo da parcela mínima desta loja.',
  // Spec 001 §8 "Proposal and lead success".
  proposalReceived:
    'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail',
  disputeReceived:
    'Recebemos a sua contestação. A empresa vai analisar esta dívida e responder pelo seu e-mail ou telefone cadastrado.',
} as const;

export function isCannotPayReason(value: string): value is CannotPayReason {
  return (CANNOT_PAY_REASONS as readonly string[]).includes(value);
}

/** Spec 001 §5 cannot pay: one of the reasons is required. */
export const cannotPaySchema = z.object({
  motivo: z.string().refine(isCannotPayReason, DEBT_REQUEST_MESSAGES.reasonRequired),
});

export interface Proposal {
  entryCents: number;
  instalmentCount: number;
  instalmentCents: number;
}

/** Spec 001 §9: a money value has at most 9 characters (digits of the amount, e.g. 999.999,99 without dots). */
const MAX_PROPOSAL_CENTS = 999_999_999;
const MAX_PROPOSAL_INSTALMENTS = 360;

const proposalCents = (text: string) => (text.trim() === '' ? null : parseMoney(text));
const proposalCount = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : 0);

/**
 * Spec 001 §5 proposal rules: an entry is required; the instalment count must not be empty or 0; an instalment
 * value or the entry is required. Money as typed ('R$ 1.234,56'); the output is the proposal in centavos.
 */
export const proposalSchema = z
  .object({ entrada: z.string(), quantidade_parcelas: z.string(), valor_parcela: z.string() })
  .superRefine((input, context) => {
    const fail = (field: keyof ProposalInput, message: string) =>
      context.addIssue({ code: 'custom', path: [field], message });
    const entry = proposalCents(input.entrada);
    if (entry === null || entry < 0 || entry > MAX_PROPOSAL_CENTS)
      fail('entrada', DEBT_REQUEST_MESSAGES.entryInvalid);
    const count = proposalCount(input.quantidade_parcelas);
    if (count < 1 || count > MAX_PROPOSAL_INSTALMENTS)
      fail('quantidade_parcelas', DEBT_REQUEST_MESSAGES.countInvalid);
    const instalment = input.valor_parcela.trim() === '' ? 0 : parseMoney(input.valor_parcela);
    if (
      instalment === null ||
      instalment < 0 ||
      instalment > MAX_PROPOSAL_CENTS ||
      (instalment === 0 && !entry)
    )
      fail('valor_parcela', DEBT_REQUEST_MESSAGES.instalmentInvalid);
  })
  .transform(
    (input): Proposal => ({
      entryCents: proposalCents(input.entrada) ?? 0,
      instalmentCount: proposalCount(input.quantidade_parcelas),
      instalmentCents: proposalCents(input.valor_parcela) ?? 0,
    }),
  );

export type ProposalInput = z.input<typeof proposalSchema>;

/**
 * Decision 027: a proposal's instalment below the store's minimum instalment (its policy's minInstalmentCents), as
 * the field's message, or null. An entry-only proposal (no instalment value, spec 001 §5) has none to check.
 */
export function proposalInstalmentIssue(proposal: Proposal, minInstalmentCents: number): string | null {
  return proposal.instalmentCents > 0 && proposal.instalmentCents < minInstalmentCents
    ? `Digite um valor de parcela de pelo menos ${formatMoney(minInstalmentCents)}`
    : null;
}

/**
 * Spec 001 §5 "Agreement confirm" messages for the partner that asks for contact (requireContactOnConfirm): the
 * spec's for an empty field; ours, in its voice, for one filled in wrong (spec 001 §5's e-mail message elsewhere).
 */
export const AGREEMENT_CONTACT_MESSAGES = {
  telefone: 'Telefone é obrigatório',
  email: 'E-mail é obrigatório',
  telefoneInvalid: 'Informe um telefone válido, com DDD.',
  emailInvalid: 'Digite um e-mail válido',
  // The wire's limit says the same (lineText), so the server and the form agree on a too-long address.
  emailTooLong: tooLongMessage(EMAIL_MAX_LENGTH),
} as const;

const M = AGREEMENT_CONTACT_MESSAGES;

/** Spec 001 §5: phone and e-mail on confirmation; each says whether it is missing or what is wrong with it. */
export const agreementContactSchema = z.object({
  telefone: z
    .string()
    .refine((phone) => onlyDigits(phone).length > 0, { message: M.telefone, abort: true })
    .refine((phone) => onlyDigits(phone).length >= 10, M.telefoneInvalid),
  email: z
    .string()
    .refine((email) => email.trim().length > 0, { message: M.email, abort: true })
    .refine((email) => email.trim().length <= EMAIL_MAX_LENGTH, { message: M.emailTooLong, abort: true })
    .refine((email) => isValidEmail(email.trim()), M.emailInvalid),
});

/** Spec 001 §5/§9: the first due date runs from today to today + prazo_maximo_entrada_site (Brasília dates). */
export function firstDueDateRange(todayIso: string, maxEntryDays: number): { min: string; max: string } {
  return { min: todayIso, max: addDays(todayIso, Math.max(0, maxEntryDays)) };
}

export function isFirstDueDateAllowed(iso: string, todayIso: string, maxEntryDays: number): boolean {
  const { min, max } = firstDueDateRange(todayIso, maxEntryDays);
  return isValidIsoDate(iso) && iso >= min && iso <= max;
}

/** Spec 001 §5 message for a first due date out of range. */
export function firstDueDateMessage(maxIso: string): string {
  return `Data de vencimento passada é inválida, a data máxima possível é: ${formatBrDate(maxIso)}`;
}
