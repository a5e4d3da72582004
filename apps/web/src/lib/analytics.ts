import {
  brasiliaDateTime,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type CookieChoice,
  type PartnerConfig,
} from '@portal/domain';
import { portalCall, rememberStep } from './api';
import { readStorage, removeStorage, writeStorage } from './storage';

// ---- Step log (spec 000 §3 "Step log (visitor event)") ----------------------------------------------------

/**
 * Records a visitor step (`a=portal&b=salvarEtapa`). Fire-and-forget: it never throws and never blocks the UI;
 * `keepalive` lets the request finish when the click opens another page.
 */
export function logStep(
  config: Pick<PartnerConfig, 'emp_codigo'>,
  code: number,
  reason: string,
  cpfCnpj = '',
): void {
  const { date, time } = brasiliaDateTime();
  rememberStep(code, cpfCnpj);
  portalCall(
    'portal',
    'salvarEtapa',
    {
      emp_codigo: config.emp_codigo,
      cpfCnpj,
      esn_fk_ets_codigo: code,
      data_agendamento: date,
      hora_agendamento: time,
      motivo_agendamento: reason,
    },
    { keepalive: true },
  ).catch(() => {
    // A lost step record must not bother the visitor.
  });
}

// ---- Cookie consent (spec 000 §3 local storage keys, §4 cookie banner) -------------------------------------

export const ACCEPT_COOKIES_KEY = 'acceptCookies';
export const REFUSE_COOKIES_KEY = 'refuseCookies';

export function cookieChoice(): CookieChoice {
  if (readStorage(ACCEPT_COOKIES_KEY)) return 'accepted';
  if (readStorage(REFUSE_COOKIES_KEY)) return 'refused';
  return null;
}

/** Scripts of screens still open that wait for the visitor's consent (loadConsentedScript). */
const awaitingConsent = new Set<() => void>();

// The choice is also kept in a first-party cookie (not only in the spec's local storage keys) so the server can
// put the banner in the page's first paint, or leave it out, before any script runs (domain contract/page-cookies).
export function storeCookieChoice(choice: 'accepted' | 'refused'): void {
  writeStorage(choice === 'accepted' ? ACCEPT_COOKIES_KEY : REFUSE_COOKIES_KEY, 'true');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on the older phones we serve; the value is a fixed word
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  if (choice === 'accepted') for (const load of [...awaitingConsent]) load();
}

/**
 * Forgets the choice, so the banner asks again on the next page load (LGPD art. 8 §5: consent is revoked at any
 * time, as easily as it was given); the reload also drops any analytics an acceptance had loaded.
 */
export function forgetCookieChoice(): void {
  removeStorage(ACCEPT_COOKIES_KEY);
  removeStorage(REFUSE_COOKIES_KEY);
  // biome-ignore lint/suspicious/noDocumentCookie: as in storeCookieChoice, for the older phones we serve
  document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  clearAnalyticsCookies();
}

// The cookies the partner analytics set on the portal's own domain: Meta Pixel's _fbp and _fbc, Hotjar's _hj….
const ANALYTICS_COOKIE = /^(_fbp|_fbc|_hj)/;

/**
 * Deletes the analytics' cookies an acceptance let them set. A cookie is deleted only under the domain it was set
 * for, and the scripts set theirs on the site's parent domain: each of the address's parent domains is tried.
 */
function clearAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => ANALYTICS_COOKIE.test(name));
  const labels = window.location.hostname.split('.');
  const domains = labels.slice(0, -1).map((_, i) => `; Domain=${labels.slice(i).join('.')}`);
  for (const name of names) {
    for (const domain of ['', ...domains]) {
      // biome-ignore lint/suspicious/noDocumentCookie: as above
      document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
    }
  }
}

// ---- Third-party analytics, loaded only after consent --------------------------------------------------------

interface Queue {
  (...args: unknown[]): void;
  queue?: unknown[];
  q?: unknown[];
  callMethod?: (...args: unknown[]) => void;
  push?: Queue;
  loaded?: boolean;
  version?: string;
}

declare global {
  interface Window {
    fbq?: Queue;
    _fbq?: Queue;
    hj?: Queue;
    _hjSettings?: { hjid: number | string; hjsv: number };
  }
}

const loaded = new Set<string>();

function injectScript(src: string): void {
  if (loaded.has(src)) return;
  loaded.add(src);
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** Meta pixel: the official snippet's queue, set up from our bundle (the CSP forbids inline scripts). */
function loadMetaPixel(pixelId: string): void {
  if (window.fbq) return;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  }) as Queue;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  fbq('init', pixelId);
  fbq('track', 'PageView');
  injectScript('https://connect.facebook.net/en_US/fbevents.js');
}

/** Hotjar: the official snippet's queue and settings, set up from our bundle. */
function loadHotjar(hotjarId: string): void {
  if (window.hj) return;
  const hj = ((...args: unknown[]) => {
    hj.q!.push(args);
  }) as Queue;
  hj.q = [];
  window.hj = hj;
  window._hjSettings = { hjid: hotjarId, hjsv: 6 };
  injectScript(`https://static.hotjar.com/c/hotjar-${encodeURIComponent(hotjarId)}.js?sv=6`);
}

/**
 * A partner's script loaded only after consent (the card form's device fingerprint, capability deviceFingerprint):
 * now if the visitor accepted cookies, else as soon as they accept, unless the returned function was called first
 * (the screen that wanted it closed).
 */
export function loadConsentedScript(src: string): () => void {
  const load = () => {
    awaitingConsent.delete(load);
    injectScript(src);
  };
  if (cookieChoice() === 'accepted') load();
  else awaitingConsent.add(load);
  return () => void awaitingConsent.delete(load);
}

/** Loads the partner's analytics. Call only after the visitor accepted cookies. */
export function loadTrackers(config: Pick<PartnerConfig, 'pixel_meta' | 'hotjar_id'>): void {
  const pixel = config.pixel_meta?.trim();
  const hotjar = config.hotjar_id?.trim();
  if (pixel && SAFE_ID.test(pixel)) loadMetaPixel(pixel);
  if (hotjar && SAFE_ID.test(hotjar)) loadHotjar(hotjar);
}
