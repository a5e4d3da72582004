import type { z } from 'zod';

/**
 * A refused form as `{ field: message }`, the shape the forms show under each field and the server answers in a
 * 400: one message per field, the first its rules gave (a field's rules are written in the spec's order, so the
 * first is the one the spec says for that input).
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The field messages of `input` under `schema`; {} when it is valid. */
export function formErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}
