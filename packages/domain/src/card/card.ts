import { z } from 'zod';
import type { BandeiraCartao } from '../contract/debts';
import { applyPattern, onlyDigits } from '../masks';
import { passesLuhn } from '../privacy/card-numbers';

// Card payments (spec 001 §2 card form, §3 "Card (input)", §5 masks, §8 outcomes, §9 brands). The card number and
// security code live only in the browser's form: they go to the gateway's tokenisation endpoint, never to the portal.

/** Spec 001 §9: "HIPERCOB (shown as HIPERCARD)". */
export const CARD_BRAND_NAMES: Record<BandeiraCartao, string> = {
  MASTERCARD: 'Mastercard',
  VISA: 'Visa',
  ELO: 'Elo',
  HIPERCOB: 'Hipercard',
  OTHER: 'Outra',
};

type BinRange = readonly [from: number, to: number];

// Elo's issuer ranges (six-digit BINs, as Elo publishes them to acquirers); several sit inside Visa's 4 and
// Mastercard's 5 prefixes, so they are checked first.
const ELO_BINS: readonly BinRange[] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
// Hipercard's BINs (Itaú's Hipercard network).
const HIPERCARD_BINS: readonly BinRange[] = [
  [606282, 606282],
  [384100, 384100],
  [384140, 384140],
  [384160, 384160],
  [637095, 637095],
  [637568, 637568],
  [637599, 637599],
  [637609, 637609],
  [637612, 637612],
];

const inRanges = (bin: number, ranges: readonly BinRange[]) =>
  ranges.some(([from, to]) => bin >= from && bin <= to);

/** The brand a card number's first digits (BIN, ISO/IEC 7812-1 issuer identification number) belong to. */
export function cardBrandOf(cardNumber: string): BandeiraCartao {
  const digits = onlyDigits(cardNumber);
  if (digits.length < 6) return 'OTHER';
  const bin = Number(digits.slice(0, 6));
  if (inRanges(bin, ELO_BINS)) return 'ELO';
  if (inRanges(bin, HIPERCARD_BINS)) return 'HIPERCOB';
  // Mastercard: 51-55 and, since 2017, 2221-2720.
  const four = Number(digits.slice(0, 4));
  if ((bin >= 510000 && bin <= 559999) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  if (digits.startsWith('4')) return 'VISA';
  return 'OTHER';
}

/** Spec 001 §5: card number ####.####.####.####. */
export function maskCardNumber(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 16), '####.####.####.####');
}

/** Spec 001 §5: validity ##/## (month/year). */
export function maskCardValidity(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 4), '##/##');
}

/** Spec 001 §5: CVV of 3 digits. */
export function maskCardCvv(s: string): string {
  return onlyDigits(s).slice(0, 3);
}

/** The last four digits, the only part of a card number the portal keeps (GUIDE security principles). */
export const lastFour = (cardNumber: string) => onlyDigits(cardNumber).slice(-4);

/** True when 'MM/YY' is a month from the current one (`today` YYYY-MM-DD, Brasília) on: a card is valid to its month's end. */
export function isCardValidityCurrent(validity: string, today: string): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(validity);
  if (!match) return false;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return false;
  const expiry = 2000 + Number(match[2]);
  const [year, current] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return expiry > year || (expiry === year && month >= current);
}

/** The longest card-holder name the form takes; the input stops there too (CardFields). */
export const CARD_NAME_MAX_LENGTH = 64;

/**
 * What a name printed on a card is made of (ISO/IEC 7813's name field, and what gateways ask for): letters, accented
 * ones included as people type them, spaces, apostrophes, hyphens and the dots of an abbreviation (MARIA S. O'NEIL).
 * No digits or other symbols. One word is enough: gateways do not ask for two, and some cards print one.
 */
const CARD_NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;
const letterCount = (name: string) => name.match(/\p{L}/gu)?.length ?? 0;

export const CARD_FORM_MESSAGES = {
  number: 'Informe um número de cartão válido.',
  validity: 'Informe uma validade válida (mm/aa).',
  cvv: 'Informe o código de segurança de 3 dígitos.',
  name: 'Informe o nome impresso no cartão.',
  nameShort: 'Informe o nome como está impresso no cartão, com pelo menos 2 letras.',
  nameCharacters: 'Informe o nome como está impresso no cartão, só com letras (sem números ou símbolos).',
  nameTooLong: `O nome impresso no cartão tem no máximo ${CARD_NAME_MAX_LENGTH} caracteres.`,
} as const;

/** Spec 001 §3 "Card (input)": card_number, valid_date, cvv, name; for the browser's form only. */
export function cardFormSchema(today: string) {
  return z.object({
    card_number: z
      .string()
      .transform(onlyDigits)
      .refine(
        (digits) => digits.length >= 13 && digits.length <= 16 && passesLuhn(digits),
        CARD_FORM_MESSAGES.number,
      ),
    valid_date: z
      .string()
      .refine((value) => isCardValidityCurrent(value, today), CARD_FORM_MESSAGES.validity),
    cvv: z.string().regex(/^\d{3}$/, CARD_FORM_MESSAGES.cvv),
    name: z
      .string()
      .trim()
      .min(1, { message: CARD_FORM_MESSAGES.name, abort: true })
      .regex(CARD_NAME_CHARACTERS, { message: CARD_FORM_MESSAGES.nameCharacters, abort: true })
      .refine((name) => letterCount(name) >= 2, CARD_FORM_MESSAGES.nameShort)
      .max(CARD_NAME_MAX_LENGTH, CARD_FORM_MESSAGES.nameTooLong),
  });
}

export type CardFormInput = z.input<ReturnType<typeof cardFormSchema>>;

/** Spec 001 §4 card return states. */
export const CARD_TRANSACTION_STATES = ['PAID', 'REJECTED', 'VOIDED'] as const;
export type CardTransactionState = (typeof CARD_TRANSACTION_STATES)[number];

/**
 * Spec 001 §8 card outcomes, the wait when the gateway has not answered yet (the charge stays pending), and the
 * gateway refusing the request itself (no charge made, the agreement cancelled; shown as REJECTED, decision 023).
 */
export const CARD_OUTCOME_MESSAGES = {
  PAID: 'Pagamento realizado com sucesso!',
  REJECTED: 'Pagamento rejeitado',
  VOIDED: 'Cobrança cancelada',
  REFUSED:
    'Pagamento rejeitado: nada foi cobrado no cartão e o acordo foi cancelado. Confira os dados do cartão e tente novamente, ou escolha outra forma de pagamento.',
  PENDING:
    'A operadora do cartão ainda não confirmou o pagamento. Seu acordo foi registrado e o pagamento será atualizado em Meus Acordos assim que a confirmação chegar.',
} as const;

/**
 * The most card instalments a card plan may have (decision 068): the card fees the portal shows stop at 12x (spec 001
 * §9: "2x-6x 2.60%, 7x-12x 2.99%"), and a card plan pays the agreement's total in as many card instalments as it has
 * payments (decision 023), so no plan with more payments is offered by card.
 */
export const CARD_MAX_INSTALMENTS = 12;

/** Card payments asked where no card gateway is configured. */
export const CARD_UNAVAILABLE =
  'O pagamento com cartão está indisponível no momento. Escolha outra forma de pagamento.';

/** What passo_4_novo takes for a card (spec 001 §7 `dadosDoCartao`): the gateway's token and what may be shown. */
export const cardDataSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  bandeira: z.enum(['MASTERCARD', 'VISA', 'ELO', 'HIPERCOB', 'OTHER']),
  ultimos_digitos: z.string().regex(/^\d{4}$/),
  forma: z.enum(['recorrente', 'avista', 'parcelado']).optional(),
});
export type DadosDoCartao = z.infer<typeof cardDataSchema>;
