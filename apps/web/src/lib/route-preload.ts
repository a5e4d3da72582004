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
