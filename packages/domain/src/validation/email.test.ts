import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail (spec 000 §5: something@something.tld)', () => {
  it.each([
    ['maria@exemplo.com', true],
    ['maria.silva@exemplo.com.br', true],
    ['joao+dividas@mail.exemplo.org', true],
    ['JOAO_99@EXEMPLO.COM', true],
    ['a@b.co', true],
    ['user@sub-domain.example.io', true],
    ['user@example.xn--p1ai', true],
    ['', false],
    ['maria', false],
    ['maria@', false],
    ['@exemplo.com', false],
    ['maria@exemplo', false],
    ['maria@exemplo.c', false],
    ['maria@exemplo.com.', false],
    ['maria@.exemplo.com', false],
    ['maria@exemplo..com', false],
    ['maria@-exemplo.com', false],
    ['maria@exemplo-.com', false],
    ['maria@exemplo.123', false],
    ['maria silva@exemplo.com', false],
    [' maria@exemplo.com', false],
    ['maria@exemplo.com ', false],
    ['maria@@exemplo.com', false],
    ['ma@ria@exemplo.com', false],
    ['.maria@exemplo.com', false],
    ['maria.@exemplo.com', false],
    ['ma..ria@exemplo.com', false],
    [`${'a'.repeat(65)}@exemplo.com`, false],
    [`${'a'.repeat(64)}@exemplo.com`, true],
    // 249 characters is fine; 255 is past the 254-character limit.
    [`a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`, true],
    [`a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(5)}.com`, false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });

  it('never accepts white space or more than 254 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        if (isValidEmail(s)) {
          expect(s).not.toMatch(/\s/);
          expect(s.length).toBeLessThanOrEqual(254);
          expect(s).toContain('@');
        }
      }),
    );
  });

  it('accepts generated simple addresses', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(word, word, tld, (local, domain, top) => {
        expect(isValidEmail(`${local}@${domain}.${top}`)).toBe(true);
      }),
    );
  });
});
