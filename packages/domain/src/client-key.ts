// The client a per-address limit counts (decision 096). Every IPv6 subscriber (a home line, a phone, a VPS) is given
// at least a /64, so counting each IPv6 address on its own would let one client pass any limit by changing the last
// half of its address. The audit trail and the logs keep the full address; only limits count by this key.

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOTTED_QUAD = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/**
 * The key of a client address for per-address limits: an IPv4 address as it is, an IPv6 address as its /64 prefix
 * (`2001:db8:1:2::/64`, whatever its spelling: compressed, expanded, upper case, with a zone id). An IPv4-mapped
 * IPv6 address (`::ffff:1.2.3.4`, how a dual-stack socket sees an IPv4 client) is that IPv4 client. Anything that is
 * no IPv6 address (IPv4, or text a proxy sent) is its own key, as it is.
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip.replace(/%.*$/s, ''));
  if (!groups) return ip;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  return `${[g0, g1, g2, g3].map((group) => group.toString(16)).join(':')}::/64`;
}

type Groups = [number, number, number, number, number, number, number, number];

/** The eight 16-bit groups of an IPv6 address in text (RFC 4291 §2.2), or null when it is none. */
function ipv6Groups(address: string): Groups | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const [head, tail] = halves;
  // Only the address's last part may be an IPv4 dotted quad: the tail after '::', else the whole head.
  const headGroups = groupsOf(head ?? '', tail === undefined);
  if (tail === undefined) return headGroups?.length === 8 ? (headGroups as Groups) : null;
  const tailGroups = groupsOf(tail, true);
  if (!headGroups || !tailGroups) return null;
  const zeros = 8 - headGroups.length - tailGroups.length;
  return zeros >= 1 ? ([...headGroups, ...new Array<number>(zeros).fill(0), ...tailGroups] as Groups) : null;
}

function groupsOf(part: string, quadLast: boolean): number[] | null {
  if (part === '') return [];
  const fields = part.split(':');
  const groups: number[] = [];
  for (const [index, field] of fields.entries()) {
    const quad = quadLast && index === fields.length - 1 ? DOTTED_QUAD.exec(field) : null;
    if (quad) {
      const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
      groups.push((a << 8) | b, (c << 8) | d);
    } else if (HEX_GROUP.test(field)) groups.push(Number.parseInt(field, 16));
    else return null;
  }
  return groups;
}
