import { z } from 'zod';
import { formatDecimal } from '../numbers';

// Field shapes of the wire contract that the domain's own schemas need too (the partner settings): a text has no
// control character (PostgreSQL refuses NUL), a code fits its integer column. The server's contract/body-fields.ts
// re-exports them beside its other field types.

const ptBR = z.locales.ptBR().localeError;

/** A limit of a too-long or too-short issue as a person reads it (a bigint or Date limit as zod writes it). */
function limitText(limit: unknown): string {
  return typeof limit === 'number' ? formatDecimal(limit, 6) : String(limit);
}

/** A text longer than `max` characters, said the same by the wire's limits and the forms' own. */
export const tooLongMessage = (max: number | bigint) => `Use no máximo ${limitText(max)} caracteres.`;

/** The sizes a person most often breaks (a text too long or short, a number out of range) said plainly. */
function sizeMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const limit = limitText(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string') {
    if (!big && issue.minimum === 1) return 'Preencha este campo.';
    return big ? tooLongMessage(issue.maximum) : `Use no mínimo ${limit} caracteres.`;
  }
  if (issue.origin === 'number' || issue.origin === 'int') {
    if (big) return issue.inclusive ? `O valor máximo é ${limit}.` : `O valor deve ser menor que ${limit}.`;
    return issue.inclusive ? `O valor mínimo é ${limit}.` : `O valor deve ser maior que ${limit}.`;
  }
  return undefined;
}

/**
 * zod's own messages (wrong type, too long, not an option) in Brazilian Portuguese, a missing field and the sizes
 * said plainly: a person may read them under a field. The server sets it for every schema (z.config); every browser
 * form passes it to its resolver (components/form/use-zod-form.ts).
 */
export const portugueseZodError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Preencha este campo.';
  return sizeMessage(issue) ?? ptBR(issue);
};

/** The largest value of a PostgreSQL integer column: serial ids and the codes stored beside them. */
export const MAX_CODE = 2_147_483_647;

const CODE_MESSAGE = 'Código inválido.';
const CHARACTERS_MESSAGE = 'O texto contém caracteres não permitidos.';
// C0 controls, DEL and unpaired UTF-16 surrogates (no character at all; a jsonb column refuses them); a text area
// keeps tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what these refuse.
const LINE = /^[^\u0000-\u001f\u007f\p{Cs}]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what these refuse.
const AREA = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Cs}]*$/u;

/** One line of text (a name, an e-mail, a phone, a document) of at most `max` characters. */
export const lineText = (max: number) => z.string().max(max).regex(LINE, CHARACTERS_MESSAGE);

/** The text of a text area, of at most `max` characters: line breaks and tabs allowed. */
export const areaText = (max: number) => z.string().max(max).regex(AREA, CHARACTERS_MESSAGE);

/** A code of an integer column (1 to MAX_CODE) as a JSON number: larger, the column's query would fail (a 500). */
export const jsonCode = z.number().int(CODE_MESSAGE).min(1, CODE_MESSAGE).max(MAX_CODE, CODE_MESSAGE);

/** A code of an integer column (1 to MAX_CODE) written in digits: a path, a query string, a form-encoded body. */
export const codeDigits = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, CODE_MESSAGE)
  .transform(Number)
  .pipe(jsonCode);

/** A code of an integer column (1 to MAX_CODE): a number (JSON) or its digits. */
export const formCode = z.union([jsonCode, codeDigits], { error: CODE_MESSAGE });
