import { type CookieChoice, hasCapability, type PartnerConfig } from '@portal/domain';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FeedbackProvider } from '../components/ui/feedback';
import { DEBTOR_PAGES } from '../features/debts/lib/debtor-pages';
import { LandPageParceiro } from '../features/landing/routes/LandPageParceiro';
import { registerRoutePreload } from '../lib/route-preload';
import type { AppRouter as AppRouterComponent, RouterStart } from './AppRouter';
import { ServerConsentContext } from './CookieBanner';
import { PageFrame } from './PageFrame';
import { PartnerGate } from './PartnerGate';
import { type PageNavigateOptions, PageNavigationContext } from './page-navigation';

const loadRouter = () => import('./AppRouter');
// A screen the landing page is about to open (the person is typing a CPF) warms up the router with it.
registerRoutePreload('/confirmar-dados', () =>
  Promise.all([loadRouter(), import('../features/identification/screens')]),
);
// The pages a person opens directly (a reload, a link): main.tsx fetches their screens beside the router. The menu
// is a chunk of its own (AccordionTabs.tsx says why).
const loadDebtScreens = () => import('../features/debts/screens');
const loadMenu = () => import('../features/debts/routes/AccordionTabs');
for (const path of DEBTOR_PAGES) registerRoutePreload(path, path === '/menu' ? loadMenu : loadDebtScreens);
registerRoutePreload('/portal-de-privacidade', () => import('../features/privacy/screens'));

/**
 * Whether the server renders the page's route itself: the landing page, and the privacy portal's frame (its
 * largest paint). The other routes are lazy screens: of those the server renders (the debtor pages), it sends the
 * loading text; the rest start from index.html's.
 */
export function serverRendersRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/portal-de-privacidade';
}

/**
 * Whether the page starts without the router: the server-rendered landing page, except for partners whose landing
 * page holds the login panel (its screens need the router). Decision 018.
 */
export function startsWithoutRouter(config: PartnerConfig, pathname: string): boolean {
  return pathname === '/' && !hasCapability(config, 'loginPanelOnLanding');
}

/**
 * The landing page before the router: its links and search open the router at their page (loaded then, or
 * already warmed up), which replaces this; if the router cannot load, the browser opens the page itself.
 */
export function LandingWithoutRouter() {
  const [next, setNext] = useState<{ Router: typeof AppRouterComponent; start?: RouterStart } | null>(null);
  // A browser that reloaded this page from its history (a phone short of memory) keeps the app's other entries of
  // it, so Back or Forward may move the address to one of them within this page: the router takes over there.
  useEffect(() => {
    if (next) return;
    const toAddress = () => {
      if (window.location.pathname === '/') return;
      loadRouter().then(
        ({ AppRouter }) => setNext({ Router: AppRouter }),
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', toAddress);
    // A Back or Forward between the start of hydration and this effect found no listener yet.
    toAddress();
    return () => window.removeEventListener('popstate', toAddress);
  }, [next]);
  const navigation = useMemo(
    () => ({
      pathname: '/',
      navigate: (to: string, options?: PageNavigateOptions) => {
        loadRouter().then(
          ({ AppRouter }) => setNext({ Router: AppRouter, start: { to, options } }),
          () => window.location.assign(to),
        );
      },
    }),
    [],
  );
  if (next) return <next.Router start={next.start} />;
  return (
    <PageNavigationContext.Provider value={navigation}>
      <PageFrame>
        <LandPageParceiro />
      </PageFrame>
    </PageNavigationContext.Provider>
  );
}

interface AppProps {
  /** Server rendering: the partner configuration (the browser loads it itself). */
  initialConfig?: PartnerConfig;
  /**
   * The visitor's cookie choice the first screen was rendered with: on the server, and in the browser when hydrating
   * that screen (the cookie may have changed since); otherwise undefined.
   */
  consent?: CookieChoice;
  /** The page: LandingWithoutRouter, the browser's AppRouter, or the server's static router. */
  children: ReactNode;
}

/** The providers every page has, around the page. */
export function App({ initialConfig, consent, children }: AppProps) {
  return (
    <FeedbackProvider>
      <PartnerGate initialConfig={initialConfig}>
        <ServerConsentContext.Provider value={consent}>{children}</ServerConsentContext.Provider>
      </PartnerGate>
    </FeedbackProvider>
  );
}
