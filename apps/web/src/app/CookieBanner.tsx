import { type CookieChoice, consentFromCookies, PRIVACY_PORTAL_PATH } from '@portal/domain';
import { createContext, type MouseEvent, useContext, useEffect, useRef, useState } from 'react';
import { isCpfRoute, isExternalEntry } from '../features/debts/lib/external-entry';
import { cookieChoice, loadTrackers, storeCookieChoice } from '../lib/analytics';
import { usePartner } from '../lib/partner';
import { PageLink, usePageNavigation } from './page-navigation';

/**
 * Spec 000 §4 cookie banner: shown until acceptCookies or refuseCookies is stored. Only acceptance loads the
 * partner's analytics (Meta pixel, Hotjar); nothing is loaded before it. Spec 001 §2: hidden when another system
 * opened the debtor area with the person's CPF in the path; not in the back office (BACK_OFFICE).
 */
/**
 * The back office (staff login and /admin): it sets no cookie of its own (the staff token is kept in local storage,
 * spec 002 §3) and never loads the partner's analytics, so there is nothing to consent to there; the banner would only
 * cover the bottom of its screens (issue 18).
 */
const BACK_OFFICE = /^\/(login|logout|admin)(\/|$)/;

/**
 * The choice the first screen was rendered with: on the server the request's consent cookie, in the browser the
 * server's (lib/prerendered.ts) while hydrating its screen; undefined in a browser render from scratch (read
 * document.cookie).
 */
export const ServerConsentContext = createContext<CookieChoice | undefined>(undefined);

export function CookieBanner() {
  const partner = usePartner();
  const { pathname } = usePageNavigation();
  const serverConsent = useContext(ServerConsentContext);
  // The server decided from the consent cookie and hydration starts from the server's decision, so the banner is in
  // the first paint and hydration sees the same markup even when the cookie has changed since (a Recusar posted
  // before the app ran sets it while this page may still be starting). After mounting, the spec's local storage
  // keys have the last word (and refresh the cookie).
  const [choice, setChoice] = useState<CookieChoice>(() =>
    serverConsent !== undefined ? serverConsent : consentFromCookies(document.cookie),
  );
  useEffect(() => {
    const stored = cookieChoice() ?? consentFromCookies(document.cookie);
    if (stored) storeCookieChoice(stored);
    setChoice(stored);
  }, []);

  const backOffice = BACK_OFFICE.test(pathname);
  useEffect(() => {
    if (choice === 'accepted' && !backOffice) loadTrackers(partner);
  }, [choice, partner, backOffice]);

  // The path alone is known to the server; the rest of an external entry (this tab's flag) only after mounting.
  const [external, setExternal] = useState(() => isCpfRoute(pathname));
  useEffect(() => setExternal(isExternalEntry(pathname)), [pathname]);

  const shown = choice === null && !external && !backOffice;
  const banner = useRef<HTMLElement>(null);
  // The fixed banner covers the bottom of the screen: the page keeps its height free (styles.css,
  // --cookie-banner-height, an estimate until measured here), whatever its text wraps to.
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--cookie-banner-height', `${element.getBoundingClientRect().height}px`),
    );
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.removeProperty('--cookie-banner-height');
    };
  }, [shown]);

  if (!shown) return null;

  function decide(event: MouseEvent, next: 'accepted' | 'refused') {
    event.preventDefault();
    storeCookieChoice(next);
    setChoice(next);
  }

  return (
    <section ref={banner} className="cookie-banner" aria-label="Aviso de cookies" data-testid="cookie-banner">
      <p className="cookie-banner__text">
        Usamos cookies de análise para melhorar o portal. Você pode aceitar ou recusar. Saiba mais no{' '}
        <PageLink to={PRIVACY_PORTAL_PATH}>Portal de privacidade</PageLink>.
      </p>
      {/* Without the app yet (a slow phone), the buttons post the choice to the server, which keeps it in the
          consent cookie and shows the page again without the banner. */}
      <form className="cookie-banner__actions" method="post" action="/escolha-de-cookies">
        <input type="hidden" name="pagina" value={pathname} />
        <button
          type="submit"
          name="escolha"
          value="refused"
          className="btn btn--ghost"
          onClick={(event) => decide(event, 'refused')}
          data-testid="cookie-refuse"
        >
          Recusar
        </button>
        <button
          type="submit"
          name="escolha"
          value="accepted"
          className="btn btn--primary"
          onClick={(event) => decide(event, 'accepted')}
          data-testid="cookie-accept"
        >
          Aceitar
        </button>
      </form>
    </section>
  );
}
