import { useEffect, useState } from 'react';
import { isExternalEntry } from '../features/debts/lib/external-entry';
import { type CookieChoice, cookieChoice, loadTrackers, storeCookieChoice } from '../lib/analytics';
import { usePartner } from '../lib/partner';
import { Link, useLocation } from '../lib/router';

/**
 * Spec 000 §4 cookie banner: shown until acceptCookies or refuseCookies is stored. Only acceptance loads the
 * partner's analytics (Meta pixel, Hotjar); nothing is loaded before it. Spec 001 §2: hidden when another system
 * opened the debtor area with the person's CPF in the path.
 */
export function CookieBanner() {
  const partner = usePartner();
  const { pathname } = useLocation();
  // Read after mounting: the server-rendered page has no banner, and hydration must start from the same markup.
  const [choice, setChoice] = useState<CookieChoice | 'unknown'>('unknown');
  useEffect(() => setChoice(cookieChoice()), []);

  useEffect(() => {
    if (choice === 'accepted') loadTrackers(partner);
  }, [choice, partner]);

  if (choice !== null || isExternalEntry(pathname)) return null;

  function decide(next: 'accepted' | 'refused') {
    storeCookieChoice(next);
    setChoice(next);
  }

  return (
    <section className="cookie-banner" aria-label="Aviso de cookies" data-testid="cookie-banner">
      <p className="cookie-banner__text">
        Usamos cookies de análise para melhorar o portal. Você pode aceitar ou recusar. Saiba mais no{' '}
        <Link to="/portal-de-privacidade">Portal de privacidade</Link>.
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => decide('refused')}
          data-testid="cookie-refuse"
        >
          Recusar
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => decide('accepted')}
          data-testid="cookie-accept"
        >
          Aceitar
        </button>
      </div>
    </section>
  );
}
