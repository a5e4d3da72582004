// The first-party cookies the pages and the server share (decision 006): the cookie choice, so the server knows
// whether to draw the banner, and a search sent before the app had started, handed back to it once.

/** Spec 000 §4's choice, kept beside the local storage keys acceptCookies / refuseCookies. */
export const CONSENT_COOKIE = 'cookieChoice';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 3600;

export type CookieChoice = 'accepted' | 'refused' | null;

/** The choice in a Cookie header (or document.cookie), or null. */
export function consentFromCookies(cookies: string | undefined): CookieChoice {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|refused)(?:;|$)`).exec(cookies ?? '');
  return (match?.[1] as 'accepted' | 'refused' | undefined) ?? null;
}

/** What the landing page's search box posted before the app ran (POST /consulta), for five minutes. */
export const EARLY_SEARCH_COOKIE = 'consulta';
export const EARLY_SEARCH_MAX_AGE_SECONDS = 300;
/**
 * Where POST /consulta sends the browser back: the query marks the one page load that may read the cookie (the page
 * that posted may still be starting its app while the answer arrives, and must not take it).
 */
export const EARLY_SEARCH_RETURN_PATH = `/?${EARLY_SEARCH_COOKIE}=1`;
