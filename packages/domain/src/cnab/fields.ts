import { isValidIsoDate } from '../dates';

// Fixed-width fields of FEBRABAN "Layout Padrão CNAB 240" v10.x (§ "Formatação dos campos"): every record has 240
// positions; numeric fields (picture 9) are right-aligned and zero-filled, alphanumeric ones (picture X) are
// left-aligned, blank-filled, upper case, without accents or special characters.

/** FEBRABAN CNAB 240: every record is 240 positions long. */
export const CNAB240_RECORD_LENGTH = 240;

/** FEBRABAN CNAB 240, picture 9: digits, right-aligned, zero-filled; a value that does not fit is an error. */
export function numericField(value: number | string, length: number): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0))
    throw new RangeError(`a numeric CNAB field holds a non-negative integer, not ${value}`);
  if (!/^\d*$/.test(text)) throw new RangeError(`'${text}' is not numeric`);
  if (text.length > length) throw new RangeError(`'${text}' does not fit ${length} positions`);
  return text.padStart(length, '0');
}

/** A document number (CPF/CNPJ) in a picture-9 field; an alphanumeric CNPJ keeps its letters (IN RFB 2.229/2024). */
export function documentField(value: string, length: number): string {
  if (!/^[0-9A-Z]*$/.test(value)) throw new RangeError(`'${value}' is not a document number`);
  if (value.length > length) throw new RangeError(`'${value}' does not fit ${length} positions`);
  return value.padStart(length, '0');
}

/** FEBRABAN CNAB 240, picture X: upper case, no accents, printable ASCII only, cut to the field and blank-filled. */
export function alphaField(value: string, length: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^ -~]/g, ' ');
  return plain.slice(0, length).padEnd(length, ' ');
}

/** FEBRABAN CNAB 240: dates are DDMMAAAA; a missing date is zeros. */
export function dateField(iso: string | null): string {
  if (iso === null) return '00000000';
  if (!isValidIsoDate(iso)) throw new RangeError(`'${iso}' is not a date`);
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
}

/** One field of a record: its first and last FEBRABAN position (1-based, inclusive) and its formatted text. */
export type RecordField = readonly [from: number, to: number, text: string];

/**
 * A record from its fields, which must follow one another from position 1 to 240 with texts of their exact
 * width: a gap or an overlap is a layout error caught here, not a shifted file at the bank.
 */
export function cnabRecord(fields: readonly RecordField[]): string {
  let next = 1;
  for (const [from, to, text] of fields) {
    if (from !== next) throw new RangeError(`field at ${from} should start at ${next}`);
    if (text.length !== to - from + 1)
      throw new RangeError(`field ${from}-${to} has ${text.length} positions`);
    next = to + 1;
  }
  if (next !== CNAB240_RECORD_LENGTH + 1) throw new RangeError(`record ends at ${next - 1}`);
  return fields.map(([, , text]) => text).join('');
}

/** A problem found reading a file: its line (1-based) and what is wrong, in Portuguese for the back office. */
export interface CnabLineError {
  line: number;
  message: string;
}

/**
 * Reads the fields of one record, collecting errors instead of throwing, so the reader lists every problem of a
 * file at once (all or nothing).
 */
export class RecordReader {
  constructor(
    readonly text: string,
    readonly line: number,
    private readonly errors: CnabLineError[],
  ) {}

  private muted = false;

  private fail(message: string): void {
    if (!this.muted) this.errors.push({ line: this.line, message });
  }

  /**
   * Reports `message` and no further error of this record: a record of the wrong length has its fields out of
   * place, and their errors would only echo it; the record still counts in the file's structure and totals.
   */
  failWhole(message: string): void {
    this.fail(message);
    this.muted = true;
  }

  /** Positions from..to (FEBRABAN, 1-based, inclusive) as written. */
  raw(from: number, to: number): string {
    return this.text.slice(from - 1, to);
  }

  /** An alphanumeric field without its blank fill. */
  alpha(from: number, to: number): string {
    return this.raw(from, to).trimEnd();
  }

  /** A picture-9 field as a number; an error (and 0) when it holds anything but digits. */
  number(from: number, to: number, what: string): number {
    const text = this.raw(from, to);
    if (!/^\d+$/.test(text)) {
      this.fail(`${what} (posições ${from} a ${to}) não é numérico: '${text}'`);
      return 0;
    }
    return Number(text);
  }

  /** A picture-9 field kept as its digits (our-numbers, documents keep their leading zeros). */
  digits(from: number, to: number, what: string): string {
    const text = this.raw(from, to);
    if (!/^\d+$/.test(text)) this.fail(`${what} (posições ${from} a ${to}) não é numérico: '${text}'`);
    return text;
  }

  /** A DDMMAAAA date as 'YYYY-MM-DD'; zeros are no date (null); anything else invalid is an error. */
  date(from: number, to: number, what: string): string | null {
    const text = this.raw(from, to);
    if (text === '00000000') return null;
    const iso = `${text.slice(4, 8)}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
    if (!/^\d{8}$/.test(text) || !isValidIsoDate(iso)) {
      this.fail(`${what} (posições ${from} a ${to}) não é uma data DDMMAAAA: '${text}'`);
      return null;
    }
    return iso;
  }

  /** Checks a fixed value (record type, segment, operation); an error when it differs. */
  expect(from: number, to: number, expected: string, what: string): boolean {
    const text = this.raw(from, to);
    if (text === expected) return true;
    this.fail(`${what} (posições ${from} a ${to}) deveria ser '${expected}', veio '${text}'`);
    return false;
  }

  error(message: string): void {
    this.fail(message);
  }
}
