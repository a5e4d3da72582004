import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTNER, parseFixedHosts, resolvePartnerIdentifier } from './tenant';

describe('resolvePartnerIdentifier (spec 000 §1)', () => {
  it.each([
    ['acme.portal.localhost:3000', 'acme'],
    ['ACME.portal.localhost', 'acme'],
    ['negocie.exemplo.com.br', 'negocie'],
    ['localhost:3000', DEFAULT_PARTNER],
    ['portal.localhost', DEFAULT_PARTNER],
    ['exemplo.com', DEFAULT_PARTNER],
    ['127.0.0.1:3000', DEFAULT_PARTNER],
    ['[::1]:3000', DEFAULT_PARTNER],
  ])('%s -> %s', (host, expected) => {
    expect(resolvePartnerIdentifier(host)).toBe(expected);
  });

  it('uses the fixed host mapping before the subdomain rule', () => {
    const fixed = parseFixedHosts('www.negocieaqui.com.br=aqui, portal.example.org = acme');
    expect(resolvePartnerIdentifier('www.negocieaqui.com.br', fixed)).toBe('aqui');
    expect(resolvePartnerIdentifier('portal.example.org:8080', fixed)).toBe('acme');
    expect(resolvePartnerIdentifier('outro.example.org', fixed)).toBe('outro');
  });

  it('ignores malformed mapping entries', () => {
    expect(parseFixedHosts('=x,y=,,a=b')).toEqual({ a: 'b' });
    expect(parseFixedHosts(undefined)).toEqual({});
  });
});
