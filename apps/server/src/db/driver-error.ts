/**
 * The database driver's error behind `error`: Drizzle wraps a failed query's error in its own and keeps the driver's
 * as the cause, which carries PostgreSQL's SQLSTATE `code` (and the broken `constraint`); a driver's error as is.
 */
export function driverError(error: unknown): { code?: string; constraint?: string } {
  return ((error as { cause?: unknown })?.cause ?? error ?? {}) as { code?: string; constraint?: string };
}
