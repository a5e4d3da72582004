import { groupThousands } from './numbers';

// Money is integer centavos (engineering guide "money"), shown as Intl's pt-BR BRL format writes it (spec 000 §5
// "Generic fields"), built from the digits by hand (numbers.ts says why): no floating point, no Intl.

/** Spec 000 §5: a money field has an 18-character maximum. */
export const MONEY_INPUT_MAX_LENGTH = 18;

/** 'R$ 1.234,56' for 123456, with the non-breaking space (U+00A0) Intl's pt-BR BRL format puts after 'R$'. */
export function formatMoney(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Money must be integer centavos: ${centavos}`);
  return `${centavos < 0 ? '-' : ''}${formatDigitsAsMoney(String(Math.abs(centavos)), '\u00a0')}`;
}

// Integer part with dot thousands groups ('1.234.567') or plain digits, then an optional comma and 1-2 decimals.
const PT_BR_AMOUNT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
// Without a comma, a dot followed by 1 or 2 digits is a decimal point ('10.5'); 3 digits would be thousands.
const DOT_DECIMAL_AMOUNT = /^(\d+)\.(\d{1,2})$/;

/**
 * Integer centavos from 'R$ 1.234,56', '1234,56', '1.234' (thousands), '10,5', '-R$ 3,00' or '10.50'; null when the
 * text is not an amount (more than 2 decimals, misplaced separators, letters, empty).
 */
export function parseMoney(input: string): number | null {
  let text = input.replace(/[\s\u00a0]/g, '');
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  }
  if (text.startsWith('R$')) text = text.slice(2);
  if (sign === 1 && text.startsWith('-')) {
    sign = -1;
    text = text.slice(1);
  }
  const match = PT_BR_AMOUNT.exec(text) ?? DOT_DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const integerPart = (match[1] ?? '').replace(/\./g, '');
  const fractionPart = (match[2] ?? '').padEnd(2, '0');
  const centavos = Number(integerPart + fractionPart);
  if (!Number.isSafeInteger(centavos)) return null;
  return centavos === 0 ? 0 : sign * centavos;
}

/** 'R$ 1.234,56' (a plain space after 'R$' unless told) with dot thousands, from a string of digits. */
function formatDigitsAsMoney(digits: string, space = ' '): string {
  const padded = digits.padStart(3, '0');
  return `R$${space}${groupThousands(padded.slice(0, -2))},${padded.slice(-2)}`;
}

/**
 * As-you-type money field (spec 000 §5: R$, comma decimal, 2 decimals, 18-character maximum). Digits fill from the
 * right: '1' -> 'R$ 0,01', '123456' -> 'R$ 1.234,56'. A keystroke that would pass 18 characters is ignored. The
 * space after 'R$' is a plain space (what a person can type); parseMoney reads both this and formatMoney's output.
 * A zero amount gives '' so that backspacing can empty the field.
 */
export function maskMoneyInput(input: string): string {
  let digits = input.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return '';
  while (formatDigitsAsMoney(digits).length > MONEY_INPUT_MAX_LENGTH) digits = digits.slice(0, -1);
  return formatDigitsAsMoney(digits);
}

/**
 * A money field's text after a paste: a pasted amount ('1.500', '1500,5', 'R$ 1.234,56') is worth what it says,
 * where maskMoneyInput, made for typing, would read its digits as centavos ('1.500' as R$ 15,00). Text that is not
 * a non-negative amount falls back to the digits, as typed.
 */
export function maskPastedMoney(input: string): string {
  const centavos = parseMoney(input);
  return maskMoneyInput(centavos !== null && centavos >= 0 ? String(centavos) : input);
}
