// Money is integer centavos (engineering guide "money"); display with Intl pt-BR BRL; spec 000 §5 "Generic fields".
// Centavos are never computed with floating point: amounts are split and joined as digit strings.

// Made on first use, not when the module loads: the first Intl formatter loads the locale data, and in the browser
// that work would lengthen the evaluation of the page's first scripts (one long task, total blocking time).
let brl: Intl.NumberFormat | undefined;

/** Spec 000 §5: a money field has an 18-character maximum. */
export const MONEY_INPUT_MAX_LENGTH = 18;

/** 'R$ 1.234,56' for 123456. Intl puts a non-breaking space (U+00A0) after 'R$'; it is kept as Intl gives it. */
export function formatMoney(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Money must be integer centavos: ${centavos}`);
  const sign = centavos < 0 ? '-' : '';
  const digits = String(Math.abs(centavos)).padStart(3, '0');
  // A decimal string (Intl.NumberFormat v3) formats exactly, with no binary fraction in between.
  const decimal = `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
  brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  return brl.format(decimal);
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

/** 'R$ 1.234,56' with a plain space and dot thousands, built from a string of digits (no floating point). */
function formatDigitsAsMoney(digits: string): string {
  const padded = digits.padStart(3, '0');
  const integerPart = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${integerPart},${padded.slice(-2)}`;
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
