import type { CookieChoice, PartnerConfig } from '@portal/domain';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter } from 'react-router';
import { App, appRoutes } from './app/App';
import { themeVariables } from './lib/theme';

/**
 * A page's first screen as HTML, rendered by the server into index.html and hydrated by main.tsx, so the largest
 * paint does not wait for the script: on the landing page the top bar, hero and totals; on the debtor pages the
 * loading text and, for a visitor who has not chosen yet, the cookie banner. Effects do not run here, so what
 * waits for them (below-the-fold sections, the debtor screens' data) comes from the browser. Built with
 * `vite build --ssr` into dist-ssr and loaded by apps/server (contract/web-routes.ts).
 */
export async function renderShell(
  config: PartnerConfig,
  pathname: string,
  consent: CookieChoice,
): Promise<string> {
  const deferRoutes = pathname !== '/';
  const { query, dataRoutes } = createStaticHandler(appRoutes(deferRoutes));
  // No route has a loader, so this only matches the path; the origin is a placeholder the routes never read.
  const context = await query(new Request(new URL(pathname, 'http://portal.localhost')));
  // A redirect (no route answers one today) leaves the first screen to the browser.
  if (context instanceof Response) return '';
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(<App server={{ config, router, context, consent }} deferRoutes={deferRoutes} />);
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
