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
