// CPF/CNPJ rules for every entry point (spec 000 §5 "CPF/CNPJ (all entry points)", §9 "CPF 11 digits; CNPJ 14").

export const INVALID_DOCUMENT_MESSAGE = 'Digite um CPF ou CNPJ válido!';
export const INVALID_DOCUMENT_SHORT_MESSAGE = '* CPF/CNPJ inválido';

export type DocumentKind = 'cpf' | 'cnpj';

const CPF_PATTERN = /^\d{11}$/;
const CPF_BASE_PATTERN = /^\d{9}$/;
// Alphanumeric CNPJ (Receita Federal IN RFB 2.229/2024): 12 characters 0-9/A-Z, then 2 numeric check digits.
const CNPJ_PATTERN = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_BASE_PATTERN = /^[0-9A-Z]{12}$/;
const CNPJ_ALL_ZEROS = '00000000000000';

/** Removes mask characters (dots, slashes, hyphens, white space) and upper-cases letters. */
export function normalizeDocument(input: string): string {
  return input.replace(/[./\-\s]/g, '').toUpperCase();
}

/** 'cpf' for 11 normalized characters, 'cnpj' for 14, otherwise null (spec 000 §5: any other length is an error). */
export function documentKind(value: string): DocumentKind | null {
  const length = normalizeDocument(value).length;
  if (length === 11) return 'cpf';
  if (length === 14) return 'cnpj';
  return null;
}

// Modulo 11 shared by CPF and CNPJ: remainder < 2 gives 0, otherwise 11 - remainder.
function modulo11Digit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two CPF check digits for a 9-digit base (masked input accepted). Throws RangeError for another base. */
export function cpfCheckDigits(base9: string): string {
  const base = normalizeDocument(base9);
  if (!CPF_BASE_PATTERN.test(base)) throw new RangeError(`CPF base must have 9 digits: ${base9}`);
  const values = Array.from(base, Number);
  const first = modulo11Digit(values, CPF_WEIGHTS_1);
  const second = modulo11Digit([...values, first], CPF_WEIGHTS_2);
  return `${first}${second}`;
}

// Spec 000 §5: 11 digits with the standard check digits; sequences of one repeated digit are rejected.
export function isValidCpf(value: string): boolean {
  const cpf = normalizeDocument(value);
  if (!CPF_PATTERN.test(cpf)) return false;
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

// IN RFB 2.229/2024: a character's value is its ASCII code minus 48 ('0'..'9' = 0..9, 'A' = 17 ... 'Z' = 42).
function cnpjCharValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

/**
 * The two numeric CNPJ check digits for a 12-character base of 0-9/A-Z (masked or lower-case input accepted).
 * Throws RangeError for another base. Numeric CNPJs are the special case where every character is a digit.
 */
export function cnpjCheckDigits(base12: string): string {
  const base = normalizeDocument(base12);
  if (!CNPJ_BASE_PATTERN.test(base))
    throw new RangeError(`CNPJ base must have 12 characters 0-9/A-Z: ${base12}`);
  const values = Array.from(base, cnpjCharValue);
  const first = modulo11Digit(values, CNPJ_WEIGHTS_1);
  const second = modulo11Digit([...values, first], CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

// Spec 000 §5: 14 characters passing the check digits; all zeros is rejected. Alphanumeric per IN RFB 2.229/2024.
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value);
  if (!CNPJ_PATTERN.test(cnpj)) return false;
  if (cnpj === CNPJ_ALL_ZEROS) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

// Spec 000 §5: 11 characters is a CPF, 14 a CNPJ, any other length is invalid.
export function isValidCpfCnpj(value: string): boolean {
  const kind = documentKind(value);
  if (kind === 'cpf') return isValidCpf(value);
  if (kind === 'cnpj') return isValidCnpj(value);
  return false;
}
