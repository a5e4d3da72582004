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

/** The field messages of `input` under `schema` (forms that report all their fields at once); {} when it is valid. */
export function formErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

export type FirstIssue<Output> = { ok: true; data: Output } | { ok: false; field: string; message: string };

/**
 * A form schema's verdict as the server answers it when its spec checks rules in order and reports one failure:
 * the output, or only the first broken rule (its field and message). The schemas declare their rules in the form's
 * order, so the first issue is the one the spec names first.
 */
export function firstIssue<Output>(schema: z.ZodType<Output>, input: unknown): FirstIssue<Output> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, field: String(issue.path[0] ?? ''), message: issue.message };
}
