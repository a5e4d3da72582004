// Lets a feature warm up the chunk of the route it is about to open (e.g. while the person types a CPF) without
// importing another feature: the app registers each lazy route's import here.

const preloaders = new Map<string, () => Promise<unknown>>();
const started = new Set<string>();

export function registerRoutePreload(path: string, load: () => Promise<unknown>): void {
  preloaders.set(path, load);
}

/** Starts downloading the route's chunk once; failures are left to the route's own retry when it opens. */
export function preloadRoute(path: string): void {
  const load = preloaders.get(path);
  if (!load || started.has(path)) return;
  started.add(path);
  load().catch(() => started.delete(path));
}

/**
 * Preloads the route's chunk once the browser is idle (at the latest after `timeoutMs`): a screen the person is
 * likely to open next, kept out of the current page's start. Returns the cancel, for an effect's cleanup.
 */
export function preloadRouteWhenIdle(path: string, timeoutMs = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => preloadRoute(path), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback.
  const timer = setTimeout(() => preloadRoute(path), timeoutMs);
  return () => clearTimeout(timer);
}
