import type { z } from 'zod';

/**
 * The first message a form's schema gives, with its field: the servers of forms whose spec checks rules in order
 * and reports one failure answer exactly that one. Null when the input is valid.
 */
export function firstSchemaError(
  schema: z.ZodType,
  input: unknown,
): { field: string; message: string } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? { field: String(issue.path[0] ?? ''), message: issue.message } : null;
}

/** Every field's first message (the servers of forms that report all their fields at once); null when valid. */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
