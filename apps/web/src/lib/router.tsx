import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

// A minimal History-API router for the debtor portal. react-router's declarative pieces cost ~13 KB gzip, which
// does not fit the landing route's 90 KB budget next to React itself; the portal needs only flat paths, router
// state, links, redirects and :params. The names and shapes follow react-router (Link, useNavigate,
// useLocation, Navigate, useParams), so moving back to it is a matter of changing imports.
// History entries keep react-router's layout ({ usr, key }) for the same reason.

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The `state` given to navigate() or <Link>, restored on back/forward. */
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterValue {
  location: RouterLocation;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function readLocation(): RouterLocation {
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: entry?.usr ?? null,
    key: entry?.key ?? 'default',
  };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);

  useEffect(() => {
    const onPopState = () => setLocation(readLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const entry = { usr: options.state ?? null, key: newKey() };
    const path = url.pathname + url.search + url.hash;
    if (options.replace) window.history.replaceState(entry, '', path);
    else window.history.pushState(entry, '', path);
    setLocation(readLocation());
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router hooks must be used inside <BrowserRouter>');
  return value;
}

/**
 * A router fixed at one path, for rendering the first screen on the server (entry-server.tsx): nothing navigates
 * there, the browser's BrowserRouter takes over when the app starts.
 */
export function StaticRouter({ pathname, children }: { pathname: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({
      location: { pathname, search: '', hash: '', state: null, key: 'static' },
      navigate: () => {},
    }),
    [pathname],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): RouterLocation {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams<T extends Record<string, string> = Record<string, string>>(): Partial<T> {
  return useContext(ParamsContext) as Partial<T>;
}

/** Redirects as soon as it renders (replace by default, like an unknown path going home). */
export function Navigate({ to, replace = true, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

/** An <a> that navigates in the page for a plain left click and behaves as a normal link otherwise. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, state });
  }
  return <a href={to} target={target} onClick={handleClick} {...anchor} />;
}

export interface RouteDefinition {
  /** '/', '/confirmar-dados', '/cadastre-sua-empresa/:id'; '*' matches anything (put it last). */
  path: string;
  element: ReactNode;
}

/** Params of `pattern` in `pathname`, or null when it does not match. Trailing slashes are ignored. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const trim = (p: string) => p.replace(/\/+$/, '') || '/';
  const want = trim(pattern).split('/');
  const have = trim(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const actual = have[i]!;
    if (segment.startsWith(':')) {
      if (!actual) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

/** Renders the first route whose path matches the current location. */
export function Routes({ routes }: { routes: RouteDefinition[] }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}
