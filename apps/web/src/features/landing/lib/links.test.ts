import { describe, expect, it } from 'vitest';
import { externalUrl, paragraphs, phoneUrl, telegramUrl, whatsappUrl } from './links';

describe('landing links', () => {
  it('builds wa.me links with the Brazilian country code', () => {
    expect(whatsappUrl('(11) 98765-0000')).toBe('https://wa.me/5511987650000');
    expect(whatsappUrl('')).toBeNull();
    expect(whatsappUrl('123')).toBeNull();
  });

  it.each(['+55 (11) 98765-0000', '+5511987650000', '5511987650000', '011 98765-0000'])(
    'dials the number the page shows when the partner typed %o with a country code or trunk prefix',
    (typed) => {
      // Spec 001 §5: the 55 is prefixed to the DDD and number, never to a number that already has it.
      expect(whatsappUrl(typed)).toBe('https://wa.me/5511987650000');
      expect(phoneUrl(typed)).toBe('tel:+5511987650000');
    },
  );

  it('builds tel links with the Brazilian country code', () => {
    expect(phoneUrl('(11) 3333-4444')).toBe('tel:+551133334444');
  });

  it('accepts site addresses with or without a scheme, and nothing else', () => {
    expect(externalUrl('www.exemplo.com.br')).toBe('https://www.exemplo.com.br/');
    expect(externalUrl('http://exemplo.com/a')).toBe('http://exemplo.com/a');
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('  ')).toBeNull();
  });

  it('turns a Telegram user name into a t.me link', () => {
    expect(telegramUrl('@assessoria')).toBe('https://t.me/assessoria');
    expect(telegramUrl('https://t.me/assessoria')).toBe('https://t.me/assessoria');
  });

  it('splits plain text into paragraphs', () => {
    expect(paragraphs('a\n\n b \n')).toEqual(['a', 'b']);
    expect(paragraphs(undefined)).toEqual([]);
  });
});
