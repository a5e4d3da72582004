import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTNER, parseFixedHosts, resolvePartnerIdentifier, subdomainChangeRule } from './tenant';

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

describe('subdomainChangeRule (decision 087)', () => {
  it.each([
    [null, 'acme', null],
    [null, 'www', 'reserved'],
    [null, 'api', 'reserved'],
    [null, 'admin', 'reserved'],
    [null, 'app', 'reserved'],
    [null, 'mail', 'reserved'],
    [null, 'localhost', 'reserved'],
    [null, 'portal', 'reserved'],
    [null, 'portal-acme', null],
    ['acme', 'acme', null],
    ['acme', 'acme-novo', null],
    ['acme', 'www', 'reserved'],
    [DEFAULT_PARTNER, DEFAULT_PARTNER, null],
    [DEFAULT_PARTNER, 'demo-x', 'defaultPartner'],
    [DEFAULT_PARTNER, 'www', 'defaultPartner'],
    // A partner that already has a label reserved later keeps it while its form is edited.
    ['portal', 'portal', null],
  ] as const)('%s -> %s: %s', (current, next, expected) => {
    expect(subdomainChangeRule(current, next)).toBe(expected);
  });

  // PARTNER_HOSTS pins a host to a partner: that partner keeps its subdomain; the others are not affected.
  const fixedHosts = parseFixedHosts('negocie.acme.com.br=acme');
  it.each([
    ['acme', 'acme', null],
    ['acme', 'acme-novo', 'fixedHost'],
    ['outra', 'outra-nova', null],
    [null, 'acme', null],
    [DEFAULT_PARTNER, 'demo-x', 'defaultPartner'],
  ] as const)('with a fixed host: %s -> %s: %s', (current, next, expected) => {
    expect(subdomainChangeRule(current, next, fixedHosts)).toBe(expected);
  });
});
