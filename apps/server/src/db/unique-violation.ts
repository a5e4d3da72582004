/**
 * The name of the unique constraint a failed insert or update broke (PostgreSQL 23505, through Drizzle's wrapper or
 * the driver's own error), else null. Lets a use case turn a lost race into its typed error.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}
