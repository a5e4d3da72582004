import type { PartnerConfig } from '@portal/domain';
import { resolvePartnerIdentifier } from '@portal/domain';
import { createContext, useContext } from 'react';
import { fetchPartnerConfig, type PartnerConfigResult } from './api';

/**
 * The partner identifier: the server injects it in `<meta name="portal-partner">` (it knows the fixed host
 * mappings); in Vite dev the placeholder is still there, so resolve it from the host like the server does.
 */
export function currentPartnerIdentifier(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="portal-partner"]')?.content?.trim();
  if (meta && !meta.includes('%')) return meta;
  return resolvePartnerIdentifier(window.location.host);
}

let pending: Promise<PartnerConfigResult> | null = null;
let settled: PartnerConfigResult | null = null;

/**
 * The configuration the server put in the page (apps/server web-routes.ts), the info route's answer as a JSON data
 * block, so the app starts without asking for it; null without one (an unknown partner, the Vite dev server).
 */
function embeddedPartnerConfig(): PartnerConfigResult | null {
  const text = document.getElementById('partner-config')?.textContent;
  if (!text) return null;
  const config = JSON.parse(text) as PartnerConfig;
  return Array.isArray(config?.sessoes) ? { kind: 'ok', config } : null;
}

/** The configuration from the page or else (once) from the server, in parallel with React's first render. */
export function loadPartnerConfig(): Promise<PartnerConfigResult> {
  if (!pending) {
    const embedded = embeddedPartnerConfig();
    settled = embedded;
    pending = embedded
      ? Promise.resolve(embedded)
      : fetchPartnerConfig(currentPartnerIdentifier()).then((result) => {
          settled = result;
          return result;
        });
  }
  return pending;
}

/** The configuration if it has already arrived, so the first render can use it without a loading state. */
export function peekPartnerConfig(): PartnerConfigResult | null {
  return settled;
}

/** Forget the failed request so "Tentar novamente" asks again. */
export function resetPartnerConfig(): void {
  pending = null;
  settled = null;
}

/**
 * The default portal when a subdomain does not exist: the same URL on the host without its first label
 * (xyz.portal.localhost:3000 -> portal.localhost:3000/). Null when there is no subdomain to drop.
 */
export function defaultPortalUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): string | null {
  const host = location.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return null;
  const labels = host.split('.');
  if (labels.length <= 2) return null;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${labels.slice(1).join('.')}${port}/`;
}

export interface PartnerContextValue {
  config: PartnerConfig;
}

export const PartnerContext = createContext<PartnerContextValue | null>(null);

export function usePartner(): PartnerConfig {
  const value = useContext(PartnerContext);
  if (!value) throw new Error('usePartner outside PartnerContext');
  return value.config;
}
