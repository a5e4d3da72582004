import { driverError } from './driver-error';

/**
 * The name of the unique constraint a failed insert or update broke (PostgreSQL 23505, through Drizzle's wrapper or
 * the driver's own error), else null. Lets a use case turn a lost race into its typed error.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  const { code, constraint } = driverError(error);
  return code === '23505' ? (constraint ?? '') : null;
}
