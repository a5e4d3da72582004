import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it.each([
    // IPv4 as it is.
    ['203.0.113.9', '203.0.113.9'],
    ['10.0.0.1', '10.0.0.1'],
    // IPv4-mapped IPv6 (a dual-stack socket's IPv4 client) is that IPv4 client, in either spelling.
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
    // IPv6: its /64, whatever its spelling.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::23', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:A:B:C:D', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:0:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::1:2:3:4', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5::', '2001:db8:1:2::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    // A zone id is dropped.
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80::2%25', 'fe80:0:0:0::/64'],
    // Anything else is its own key, as it is.
    ['', ''],
    ['garbage', 'garbage'],
    ['999.1.1.1', '999.1.1.1'],
    ['1.2.3', '1.2.3'],
    ['[2001:db8::1]', '[2001:db8::1]'],
    ['2001:db8::1::2', '2001:db8::1::2'],
    ['2001:db8:1:2:3:4:5:6:7', '2001:db8:1:2:3:4:5:6:7'],
    ['1:2:3:4:5:6:7:8::', '1:2:3:4:5:6:7:8::'],
    ['2001:db8:1:2::12345', '2001:db8:1:2::12345'],
    ['1.2.3.4::1', '1.2.3.4::1'],
    [':1:2:3:4:5:6:7', ':1:2:3:4:5:6:7'],
    ['::ffff:256.0.0.1', '::ffff:256.0.0.1'],
    ['%eth0', '%eth0'],
  ])('%j is counted as %j', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  const group = fc.integer({ min: 0, max: 0xffff });
  const groups = fc.array(group, { minLength: 8, maxLength: 8 });
  const expanded = (gs: number[]) => gs.map((g) => g.toString(16).padStart(4, '0')).join(':');
  // The longest run of zero groups written as '::' (RFC 5952), when there is one.
  const compressed = (gs: number[]) => {
    const hex = gs.map((g) => g.toString(16));
    let best = { at: -1, length: 0 };
    for (let at = 0; at < 8; at++) {
      let length = 0;
      while (at + length < 8 && gs[at + length] === 0) length++;
      if (length > best.length) best = { at, length };
    }
    if (best.length === 0) return hex.join(':');
    return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
  };

  const ipv4Mapped = (gs: number[]) => gs.slice(0, 5).every((g) => g === 0) && gs[5] === 0xffff;

  it('gives every spelling of two addresses of one /64 one key, and another /64 another', () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        // Not IPv4-mapped: that prefix is the IPv4 client, not a /64.
        fc.pre(!ipv4Mapped(a) && !ipv4Mapped(b));
        const sameLine = [...a.slice(0, 4), ...b.slice(4)];
        const key = clientKey(expanded(a));
        expect(clientKey(compressed(a))).toBe(key);
        expect(clientKey(compressed(sameLine).toUpperCase())).toBe(key);
        expect(clientKey(`${compressed(sameLine)}%eth0`)).toBe(key);
        const otherLine = b.slice(0, 4).some((g, i) => g !== a[i]);
        expect(clientKey(compressed(b)) !== key).toBe(otherLine);
      }),
    );
  });
});
