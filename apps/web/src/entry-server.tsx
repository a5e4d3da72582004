import type { PartnerConfig } from '@portal/domain';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';

/**
 * The landing page's first screen (top bar, hero with the header image, totals) as HTML, rendered by the server
 * into index.html and hydrated by main.tsx, so the largest paint does not wait for the script. Effects do not run
 * here, so the below-the-fold sections (which wait for the hero to paint) and the cookie banner come from the
 * browser. Built with `vite build --ssr` into dist-ssr and loaded by apps/server (contract/web-routes.ts).
 */
export function renderLandingShell(config: PartnerConfig): string {
  return renderToString(<App server={{ config, pathname: '/' }} />);
}
