import { type CookieChoice, EARLY_SEARCH_COOKIE } from '@portal/domain';

// The server renders the landing page's first screen into #root so it paints before the script runs
// (entry-server.tsx). Whatever the person typed into that screen's search box meanwhile is carried over, and a
// search sent before the script ran (the form's own POST to /consulta) comes back in a short-lived cookie.

let typed = '';
let focused = false;

/** Reads the server-rendered search box before React replaces it. */
export function captureServerRenderedInput(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('.search__input');
  typed = input?.value ?? '';
  focused = input !== null && document.activeElement === input;
}

/**
 * A search sent before the app started, read once and forgotten (the cookie holds a CPF/CNPJ), and only on the
 * page load POST /consulta sent back (EARLY_SEARCH_RETURN_PATH).
 */
function takeEarlySearch(): string | null {
  if (typeof document === 'undefined') return null;
  if (!new URLSearchParams(window.location.search).has(EARLY_SEARCH_COOKIE)) return null;
  const match = new RegExp(`(?:^|; )${EARLY_SEARCH_COOKIE}=([^;]*)`).exec(document.cookie);
  if (!match) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on the older phones we serve
  document.cookie = `${EARLY_SEARCH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return decodeURIComponent(match[1] ?? '');
}

/**
 * The value typed before the app started (once), whether the box had the focus, and whether it was already sent
 * (then the search form goes on as if Buscar had just been pressed).
 */
export function takeServerRenderedInput(): { value: string; focused: boolean; submitted: boolean } {
  const early = takeEarlySearch();
  const result =
    early === null
      ? { value: typed, focused, submitted: false }
      : { value: early, focused: false, submitted: true };
  typed = '';
  focused = false;
  return result;
}

/**
 * The cookie choice the server rendered the first screen with (apps/server web-routes.ts writes it beside the
 * partner configuration), for hydrating that screen as it was painted; undefined on a page without one.
 */
export function serverRenderedConsent(): CookieChoice | undefined {
  const written = document.getElementById('server-consent')?.textContent;
  if (written === undefined || written === null) return undefined;
  if (written === '"accepted"') return 'accepted';
  if (written === '"refused"') return 'refused';
  return null;
}
