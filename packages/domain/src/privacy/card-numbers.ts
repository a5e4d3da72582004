import { modulo10 } from '../boleto/boleto';

// Card numbers in free text (GUIDE security principles: no card number is ever stored or logged). A payment card
// number (PAN) has 13 to 19 digits (the lengths brands issue; ISO/IEC 7812-1 allows at most 19) and ends in a Luhn
// check digit (ISO/IEC 7812-1 Annex B). People type it in one run or in groups split by a space or a dash. Whatever looks like one is masked: a phone with its country code or an unformatted CNPJ that
// happens to pass Luhn loses its digits too, which costs less than a card number kept in a note.

/** The least and most digits of a card number. */
const PAN_DIGITS = { min: 13, max: 19 } as const;

/** Digit groups joined by single spaces or dashes: where a typed card number can be. */
const DIGIT_GROUPS = /\d+(?:[ -]\d+)*/g;

/** The number's last digit is its Luhn check digit (ISO/IEC 7812-1 Annex B, the same sum as FEBRABAN's módulo 10). */
export function passesLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && modulo10(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * Masks the card numbers in one run of digit groups. Every sequence of whole groups with 13 to 19 digits that passes
 * Luhn loses all its digits but the last four, so a card number is found wherever it starts (after a prefix, before
 * its security code) and never shows more than its last four, even where a chance match overlaps it. A group is never
 * split: a longer number (a boleto barcode, a protocol) is left alone.
 */
function maskRun(run: string): string {
  const digits = run.replace(/[ -]/g, '');
  if (digits.length < PAN_DIGITS.min) return run;
  // Where each group starts among the digits, and where the last one ends.
  const bounds = [0];
  for (const group of run.split(/[ -]/)) bounds.push(bounds.at(-1)! + group.length);
  const hidden: boolean[] = new Array(digits.length).fill(false);
  for (let first = 0; first < bounds.length - 1; first++) {
    const from = bounds[first]!;
    for (let last = first + 1; last < bounds.length && bounds[last]! - from <= PAN_DIGITS.max; last++) {
      const to = bounds[last]!;
      if (to - from >= PAN_DIGITS.min && passesLuhn(digits.slice(from, to))) hidden.fill(true, from, to - 4);
    }
  }
  let index = 0;
  return run.replace(/\d/g, (digit) => (hidden[index++] ? '*' : digit));
}

/** The text with every card number in it masked down to its last four digits ('**** **** **** 1111'). */
export function maskCardNumbers(text: string): string {
  return text.replace(DIGIT_GROUPS, maskRun);
}
