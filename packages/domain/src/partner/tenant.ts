// Spec 000 §1 / spec 002 §1: a host with more than 2 dot-separated parts has a subdomain, whose first label is the
// partner identifier; otherwise the default partner. Some hosts map to fixed identifiers (configuration).

export const DEFAULT_PARTNER = 'demo';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Host name without port, lower-cased; accepts "host", "host:port" and "[::1]:port". */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

export function resolvePartnerIdentifier(
  host: string,
  fixedHosts: Readonly<Record<string, string>> = {},
): string {
  const name = hostName(host);
  const fixed = fixedHosts[name];
  if (fixed) return fixed;
  // An IP address is not a subdomain: reaching the server by address serves the default partner.
  if (IPV4.test(name) || name.startsWith('[')) return DEFAULT_PARTNER;
  const labels = name.split('.');
  return labels.length > 2 && labels[0] ? labels[0] : DEFAULT_PARTNER;
}

/** Parses "host=identifier,host2=identifier2" (the PARTNER_HOSTS setting). */
export function parseFixedHosts(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [host, id] = pair.split('=').map((s) => s.trim());
    if (host && id) map[hostName(host)] = id.toLowerCase();
  }
  return map;
}

/**
 * Labels the portal's own hosts use or that read as one (PUBLIC_URL_TEMPLATE's `{partner}.portal.localhost`, the
 * site's www, mail and API hosts): a partner on one would answer for those hosts (decision 087).
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'localhost',
  'portal',
]);

/** Why a partner may not take this subdomain as its own, or null (decision 087). */
export type SubdomainChangeRule = 'defaultPartner' | 'fixedHost' | 'reserved';

/**
 * Checks a partner's subdomain as saved against the one it has (`current`, null for a new partner): the default
 * partner, which the default host serves, and a partner a fixed host (PARTNER_HOSTS, `fixedHosts`) serves keep their
 * subdomain, and a reserved label is never taken. An unchanged subdomain passes, so a partner saved before a label
 * was reserved can still be edited.
 */
export function subdomainChangeRule(
  current: string | null,
  next: string,
  fixedHosts: Readonly<Record<string, string>> = {},
): SubdomainChangeRule | null {
  if (current === next) return null;
  if (current === DEFAULT_PARTNER) return 'defaultPartner';
  // Renamed, it would leave the fixed host to whichever partner took its old name (or to none).
  if (current !== null && Object.values(fixedHosts).includes(current)) return 'fixedHost';
  return RESERVED_SUBDOMAINS.has(next) ? 'reserved' : null;
}
