import { daysBetween } from '../dates';

// Boleto bancário: the 44-digit barcode and the 47-digit "linha digitável" of FEBRABAN's "Layout padrão de
// arrecadação/recebimento com utilização do código de barras" (bloquetos de cobrança), with the free field of
// Banco do Brasil's 7-digit agreement ("convênio de 7 posições").

/** FEBRABAN: the due-date factor counts days from 07/10/1997. */
const FACTOR_BASE_DATE = '1997-10-07';
/** FEBRABAN, new factor cycle: after factor 9999 (21/02/2025) the count restarts at 1000 (22/02/2025). */
const FACTOR_MIN = 1000;
const FACTOR_CYCLE = 9000;
/** FEBRABAN: the value field has 10 digits of centavos. */
export const BOLETO_MAX_CENTS = 9_999_999_999;
/** FEBRABAN: currency code 9 is the Real. */
const CURRENCY_REAL = '9';

const digitsOnly = (value: string, length: number, what: string): string => {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new RangeError(`${what} must be ${length} digits`);
  return value;
};

/** FEBRABAN: the 4-digit due-date factor of a 'YYYY-MM-DD' due date (from 03/07/2000, factor 1000, onwards). */
export function dueDateFactor(dueDate: string): string {
  const days = daysBetween(FACTOR_BASE_DATE, dueDate);
  if (days < FACTOR_MIN) throw new RangeError('due date before 03/07/2000');
  return String(((days - FACTOR_MIN) % FACTOR_CYCLE) + FACTOR_MIN);
}

/** FEBRABAN "módulo 10": weights 2,1,2,... from the right, products' digits summed. */
export function modulo10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** FEBRABAN "módulo 11" for the barcode's general check digit: weights 2..9 from the right; 0, 10 and 11 give 1. */
export function barcodeCheckDigit(digits43: string): number {
  let sum = 0;
  for (let i = 0; i < digits43.length; i++) sum += Number(digits43[digits43.length - 1 - i]) * ((i % 8) + 2);
  const digit = 11 - (sum % 11);
  return digit === 0 || digit >= 10 ? 1 : digit;
}

export interface BoletoFields {
  /** 3-digit bank code (COMPE), e.g. '001' for Banco do Brasil. */
  bankCode: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  amountCents: number;
  /** The bank-specific 25-digit free field ("campo livre"). */
  freeField: string;
}

/** FEBRABAN: bank (3) currency (1) check digit (1) due factor (4) value (10) free field (25). */
export function boletoBarcode(fields: BoletoFields): string {
  const { amountCents } = fields;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > BOLETO_MAX_CENTS)
    throw new RangeError('boleto value must be 1 to 9,999,999,999 centavos');
  const head = digitsOnly(fields.bankCode, 3, 'bank code') + CURRENCY_REAL;
  const tail =
    dueDateFactor(fields.dueDate) +
    String(amountCents).padStart(10, '0') +
    digitsOnly(fields.freeField, 25, 'free field');
  return head + barcodeCheckDigit(head + tail) + tail;
}

/** FEBRABAN: the linha digitável of a barcode, three fields with módulo 10 digits, the general digit, factor+value. */
export function digitableLine(barcode: string): string {
  digitsOnly(barcode, 44, 'barcode');
  const field = (part: string) => {
    const withDigit = part + modulo10(part);
    return `${withDigit.slice(0, 5)}.${withDigit.slice(5)}`;
  };
  return [
    field(barcode.slice(0, 4) + barcode.slice(19, 24)),
    field(barcode.slice(24, 34)),
    field(barcode.slice(34, 44)),
    barcode[4],
    barcode.slice(5, 19),
  ].join(' ');
}

/** Reverses digitableLine, checking every digit; null when the line is not a valid boleto line. */
export function barcodeFromDigitableLine(line: string): string | null {
  const digits = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(digits)) return null;
  const fields = [digits.slice(0, 10), digits.slice(10, 21), digits.slice(21, 32)];
  if (fields.some((f) => modulo10(f.slice(0, -1)) !== Number(f.slice(-1)))) return null;
  const [one, two, three] = fields.map((f) => f.slice(0, -1)) as [string, string, string];
  const barcode = one.slice(0, 4) + digits[32] + digits.slice(33) + one.slice(4) + two + three;
  return barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]) ? barcode : null;
}

/** Banco do Brasil (COMPE 001, printed 001-9); carteira 17 is "cobrança simples com registro". */
export const BANCO_DO_BRASIL = {
  code: '001',
  printedCode: '001-9',
  name: 'Banco do Brasil',
  wallet: '17',
} as const;

/** Banco do Brasil, convênio de 7 posições: 6 zeros, nosso número (convênio 7 + sequence 10), carteira (2). */
export function bancoDoBrasilFreeField(agreement: string, sequence: number, wallet: string): string {
  if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence > 9_999_999_999)
    throw new RangeError('sequence must have at most 10 digits');
  return `000000${ourNumber(agreement, sequence)}${digitsOnly(wallet, 2, 'wallet')}`;
}

/** Banco do Brasil, convênio de 7 posições: the 17-digit "nosso número" (no check digit). */
export function ourNumber(agreement: string, sequence: number): string {
  return digitsOnly(agreement, 7, 'agreement') + String(sequence).padStart(10, '0');
}

/** FEBRABAN: the barcode is Interleaved 2 of 5; the digits' narrow (N) and wide (W) elements. */
const ITF_DIGITS = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];
/** FEBRABAN: wide elements three times the narrow one (the standard allows 2.25 to 3). */
const ITF_WIDE = 3;

/**
 * The element widths (in narrow units) of an Interleaved 2 of 5 barcode, bars and spaces alternating from a bar:
 * start pattern, pairs of digits (first in the bars, second in the spaces), stop pattern.
 */
export function interleaved2of5(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0)
    throw new RangeError('ITF needs an even count of digits');
  const width = (element: string) => (element === 'W' ? ITF_WIDE : 1);
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])]!;
    const spaces = ITF_DIGITS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(width(bars[k]!), width(spaces[k]!));
  }
  widths.push(ITF_WIDE, 1, 1);
  return widths;
}
