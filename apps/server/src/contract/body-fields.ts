import { maskCardNumbers } from '@portal/domain';
import { z } from 'zod';

// Field types shared by the request bodies of the portal's forms. Bodies come form-encoded (every value a string)
// or as JSON (numbers and booleans too); the rules and their messages are the use cases', so these only bound
// and normalise. Schemas are built once, at module level: a zod schema compiles itself on its first parse, so one
// made per call costs more than the call.

/** A value that may arrive as a string or a number, as a string of at most `max` characters; '' when absent. */
export const formText = (max: number) =>
  z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max)).default('');

/**
 * Free text a person writes (a message, a note, a reason) that the server stores or forwards: formText with every
 * card number masked (maskCardNumbers), so none reaches a table, an e-mail or a log, whatever the form was for.
 */
export const clientText = (max: number) => formText(max).transform(maskCardNumbers);

/** A checkbox: true for true, 'true', '1', 'on' or 'S' (the legacy client's yes). */
export const formBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || ['true', '1', 'on', 'S'].includes(String(value)));
