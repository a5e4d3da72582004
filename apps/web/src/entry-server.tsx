import type { CookieChoice, PartnerConfig } from '@portal/domain';
import { renderToString } from 'react-dom/server';
import { App, LandingWithoutRouter, serverRendersRoute, startsWithoutRouter } from './app/App';
import { staticAppRouter } from './app/AppRouter';
import { themeVariables } from './lib/theme';

/**
 * A page's first screen as HTML, rendered by the server into index.html and hydrated by main.tsx, so the largest
 * paint does not wait for the script: on the landing page the top bar, hero and totals; on the privacy portal its
 * heading and introduction; on the debtor pages the loading text; and, for a visitor who has not chosen yet, the
 * cookie banner. Effects do not run here, so what waits for them (below-the-fold sections, the privacy portal's
 * tabs, the debtor screens' data) comes from the browser. Built with `vite build --ssr` into dist-ssr and loaded by
 * apps/server (contract/web-routes.ts).
 */
export async function renderShell(
  config: PartnerConfig,
  pathname: string,
  consent: CookieChoice,
): Promise<string> {
  // The same page main.tsx will hydrate: the landing page without the router (decision 018), or the router's page.
  const page = startsWithoutRouter(config, pathname) ? (
    <LandingWithoutRouter />
  ) : (
    await staticAppRouter(pathname, !serverRendersRoute(pathname))
  );
  if (page === null) return '';
  return renderToString(
    <App initialConfig={config} consent={consent}>
      {page}
    </App>,
  );
}

/**
 * The partner's colours for the page's head, so the first paint is already in the partner's brand (the app sets
 * the same variables when it starts). Every value is a computed #rrggbb.
 */
export function renderThemeStyle(config: PartnerConfig): string {
  const declarations = Object.entries(themeVariables(config))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `<style>:root{${declarations}}</style>`;
}
