import { describe, expect, it } from 'vitest';
import { externalUrl, paragraphs, telegramUrl, whatsappUrl } from './links';

describe('landing links', () => {
  it('builds wa.me links with the Brazilian country code', () => {
    expect(whatsappUrl('(11) 98765-0000')).toBe('https://wa.me/5511987650000');
    expect(whatsappUrl('')).toBeNull();
    expect(whatsappUrl('123')).toBeNull();
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
