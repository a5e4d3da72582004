import {
  areaText,
  codeDigits,
  isValidIsoDate,
  lineText,
  maskCardNumbers,
  portugueseZodError,
} from '@portal/domain';
import { z } from 'zod';

// Field types shared by the request bodies, query strings and paths of the wire contract. Bodies come
// form-encoded (every value a string) or as JSON (numbers and booleans too); the rules and their messages are the
// use cases', so these only bound and normalise: a code fits its integer column, a text has no control character
// (PostgreSQL refuses NUL), so odd input is a 400 and never reaches the database to become a 500. Schemas are built
// once, at module level: a zod schema compiles itself on its first parse, so one made per call costs more than the
// call.

// lineText, areaText, formCode, codeDigits and MAX_CODE live in the domain (validation/wire-fields.ts): the partner
// settings schema is built from them.
export { areaText, codeDigits, formCode, lineText, MAX_CODE } from '@portal/domain';

// zod's own messages in Brazilian Portuguese, for every schema of the process.
z.config({ customError: portugueseZodError });

/** A value that may arrive as a string or a number, as a text of at most `max` characters; '' when absent. */
export const formText = (max: number, text = lineText) =>
  z.union([z.string(), z.number()]).transform(String).pipe(text(max)).default('');

/**
 * Free text a person writes (a message, a note, a reason) that the server stores or forwards: formText with every
 * card number masked (maskCardNumbers), so none reaches a table, an e-mail or a log, whatever the form was for.
 */
export const clientText = (max: number, text = areaText) => formText(max, text).transform(maskCardNumbers);

/** A checkbox: true for true, 'true', '1', 'on' or 'S' (the legacy client's yes). */
export const formBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || ['true', '1', 'on', 'S'].includes(String(value)));

/** A calendar date 'YYYY-MM-DD'. */
export const isoDate = z.string().refine(isValidIsoDate, 'Data inválida: use AAAA-MM-DD.');

/** A comma-separated or array list of codes (contracts, instalments). */
export const codeList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((value) => (Array.isArray(value) ? value.map(String) : String(value).split(',')))
  .pipe(z.array(codeDigits).min(1).max(200));

/** A page number of a back-office list from the query string; anything odd is the first page. */
export const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

/** A filter of a back-office list from the query string: an empty value ('') is no filter, like an absent one. */
export const queryFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

// IETF draft "The Idempotency-Key HTTP Header Field": a client-made unique key (a UUID, say).
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9\-_:.]{8,128}$/, 'Chave de idempotência inválida.');
/** The optional Idempotency-Key header of a request that a retry must not repeat. */
export const idempotencyKeyHeader = z.object({ 'idempotency-key': idempotencyKey.optional() });
