// What a query fails with when the database cannot be reached (decision 035): the server is not broken, the database
// is away, and the caller should try again in a moment (503), not read it as a bug (500).

/** Node socket errors met connecting to, or talking with, a database that went away. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** PostgreSQL: its administrator ended the session, it crashed, or it is starting up or shutting down. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
/** node-postgres' own words for a connection it lost or could not open in time. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable/;

/**
 * Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) says the database is unreachable:
 * a refused or lost connection, or SQLSTATE class 08 or 57P01-57P03.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
