import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

// The few pieces on the landing page's entry chunk (top bar, landing sections, cookie banner) navigate through this
// context instead of React Router's hooks: the landing page starts without the router (decision 018: the router
// does not fit the landing page's JS budget), and the same components render inside it on every other page. Inside
// the router the context is React Router's navigate and location (AppRouter.tsx); elsewhere, use React Router.

export interface PageNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface PageNavigation {
  pathname: string;
  navigate(to: string, options?: PageNavigateOptions): void;
}

export const PageNavigationContext = createContext<PageNavigation | null>(null);

export function usePageNavigation(): PageNavigation {
  const value = useContext(PageNavigationContext);
  if (!value) throw new Error('usePageNavigation outside a PageNavigationContext');
  return value;
}

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link that opens its page in the app on a plain left click and behaves as a normal link otherwise. */
export function PageLink({ to, onClick, target, ...anchor }: PageLinkProps) {
  const { navigate } = usePageNavigation();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || modified) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} target={target} onClick={handleClick} {...anchor} />;
}
