import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, LandingWithoutRouter, serverRendersRoute, startsWithoutRouter } from './app/App';
import { loadPartnerConfig } from './lib/partner';
import { captureServerRenderedInput, serverRenderedConsent } from './lib/prerendered';
import { preloadRoute } from './lib/route-preload';
import './styles.css';

// The partner configuration before React renders: the server puts it in the page (a request only where it did not).
const config = loadPartnerConfig();
config.catch(() => {
  // PartnerGate shows the failure.
});

const root = document.getElementById('root')!;
// Server markup is anything but index.html's own loading text: the landing page's first screen, the privacy
// portal's frame, or a debtor page's loading text and cookie banner (entry-server.tsx).
const serverRendered = root.querySelector(':scope > .boot') === null;
// The page the server rendered: the document's own address. A Back or Forward before the app starts (a quick second
// Back, after the browser reloaded this page from its history) can move the address to another of the page's
// entries, even before this script runs: that page is then rendered from scratch, as hydrating another page's
// markup fails (React error #418).
const renderedPathname = new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href)
  .pathname;
const hydrates = () => serverRendered && window.location.pathname === renderedPathname;
// Any page but the landing page needs the router: ask for it alongside the configuration, and for the page's
// screen with them, rather than after the router has rendered its loading text (one download less in the chain
// before the page's largest paint).
const loadRouter = () => import('./app/AppRouter');
// In a task of their own: the <link rel="modulepreload"> tags these imports insert for the chunks' dependencies
// cost about as much main-thread time as the rest of this module's evaluation, which they made one long task.
if (window.location.pathname !== '/') {
  setTimeout(() => {
    loadRouter().catch(() => {});
    preloadRoute(window.location.pathname);
  }, 0);
}

/** The landing page as the server rendered it starts without the router; any other page loads it first. */
async function page() {
  const result = await config.catch(() => null);
  const pathname = window.location.pathname;
  if (hydrates() && result?.kind === 'ok' && startsWithoutRouter(result.config, pathname)) {
    return <LandingWithoutRouter />;
  }
  const { AppRouter } = await loadRouter();
  // A lazy screen's page was server-rendered as its loading text: hydration adopts that first (see Shell).
  return <AppRouter deferRoutes={hydrates() && !serverRendersRoute(window.location.pathname)} />;
}

page().then((content) => {
  // Decided in the same task as page()'s last step, so the address cannot move in between.
  const hydrate = hydrates();
  const app = (
    <StrictMode>
      <App consent={hydrate ? serverRenderedConsent() : undefined}>{content}</App>
    </StrictMode>
  );
  // Over server markup, hydrate once the configuration is here (it usually is: it was preloaded), so React adopts
  // the painted page instead of replacing it. Otherwise render from scratch. Either runs as a transition, which
  // React splits into short tasks that let the browser answer in between, instead of one long task after the paint
  // (total blocking time); an input on the painted page still hydrates at once.
  startTransition(() => {
    if (hydrate) {
      // What was typed into the painted search box is read at the moment React takes over: from then on React
      // sees every keystroke, before then only the DOM does.
      captureServerRenderedInput(root);
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
});
