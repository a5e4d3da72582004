/** The back office's pages (spec 002 §2: /login, /logout, /admin and its children), on every partner's address. */
export function isStaffPage(pathname: string): boolean {
  return /^\/(?:login|logout|admin)(?:\/|$)/.test(pathname);
}
