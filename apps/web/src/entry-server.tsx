import type { PartnerConfig } from '@portal/domain';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import type { CookieChoice } from './lib/analytics';

/**
 * A page's first screen as HTML, rendered by the server into index.html and hydrated by main.tsx, so the largest
 * paint does not wait for the script: on the landing page the top bar, hero and totals; on the debtor pages the
 * loading text and, for a visitor who has not chosen yet, the cookie banner. Effects do not run here, so what
 * waits for them (below-the-fold sections, the debtor screens' data) comes from the browser. Built with
 * `vite build --ssr` into dist-ssr and loaded by apps/server (contract/web-routes.ts).
 */
export function renderShell(config: PartnerConfig, pathname: string, consent: CookieChoice): string {
  return renderToString(<App server={{ config, pathname, consent }} deferRoutes={pathname !== '/'} />);
}
