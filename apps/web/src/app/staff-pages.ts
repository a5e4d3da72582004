/** The back office's pages (spec 002 §2: /login, /logout, /admin and its children), on every partner's address. */
export function isStaffPage(pathname: string): boolean {
  return /^\/(?:login|logout|admin)(?:\/|$)/.test(pathname);
}

/**
 * The pages that still serve a partner whose portal is switched off (decision 067): the privacy portal, whose rights
 * requests the server still takes (LGPD art. 18), and the terms and privacy policy. They say so in a notice
 * (SwitchedOffNotice) instead of the start-up's 'Erro Fatal' modal, which would cover the form.
 */
export function isPrivacyPage(pathname: string): boolean {
  return /^\/(?:portal-de-privacidade|politica-de-privacidade)\/?$/.test(pathname);
}
