// Screens of the identification flow receive personal data in the router state (History API), never in the URL,
// so it does not reach server logs, analytics or the Referer header.

/** The string under `key` in a router state, or null when the state or the key is missing. */
export function stateString(state: unknown, key: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}
