import type { z } from 'zod';

export type FirstIssue<Output> = { ok: true; data: Output } | { ok: false; field: string; message: string };

/**
 * A form schema's verdict as the server answers it: the output, or only the first broken rule (its field and
 * message). The schemas declare their rules in the form's order, so the first issue is the one the spec names first.
 */
export function firstIssue<Output>(schema: z.ZodType<Output>, input: unknown): FirstIssue<Output> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, field: String(issue.path[0] ?? ''), message: issue.message };
}
