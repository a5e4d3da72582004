// Spec 000 §5 "e-mail like {email}": something@something.tld, no spaces; RFC 5321 §4.5.3.1 length limits.

export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// Local part: no spaces, '@' or the characters that need quoting; no leading, trailing or doubled dot.
const LOCAL_PART = /^[^\s@"(),:;<>[\]\\.]+(?:\.[^\s@"(),:;<>[\]\\.]+)*$/;
// Domain: dot-separated labels of letters, digits and inner hyphens, ending in a letter TLD (or punycode 'xn--').
const DOMAIN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isValidEmail(s: string): boolean {
  if (s.length === 0 || s.length > EMAIL_MAX_LENGTH) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return local.length <= LOCAL_PART_MAX_LENGTH && LOCAL_PART.test(local) && DOMAIN.test(domain);
}
