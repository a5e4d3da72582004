import { hasError, isDynamicPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { hasValidPixCrc, pixAmount } from '../boleto/pix';
import { centsFromPixApiAmount, dynamicPixCopyPaste } from './dynamic-br-code';

/** Read back by pix-utils, an independent decoder that checks the CRC first. */
function decoded(code: string) {
  const pix = parsePix(code);
  if (hasError(pix) || !isDynamicPix(pix))
    throw new Error(`pix-utils rejects ${code}: ${JSON.stringify(pix)}`);
  return pix;
}

const base = {
  location: 'psp.example.com.br/qr/v2/cobv/9f1c2d3e4b5a69788796a5b4c3d2e1f0',
  merchantName: 'Loja Exemplo',
  merchantCity: 'Curitiba',
  fallback: { merchantName: 'Parceiro Exemplo', merchantCity: 'Sao Paulo' },
};

describe('dynamicPixCopyPaste (BR Code manual, dynamic payload)', () => {
  it.each([
    { case: 'location as the PSP answers it', location: base.location, url: base.location },
    { case: 'https:// is dropped', location: `https://${base.location}`, url: base.location },
    {
      case: 'a local PSP on a port',
      location: 'localhost:3000/psp-local/qr/v2/cobv/abc',
      url: 'localhost:3000/psp-local/qr/v2/cobv/abc',
    },
  ])('$case', ({ location, url }) => {
    const code = dynamicPixCopyPaste({ ...base, location });
    expect(hasValidPixCrc(code)).toBe(true);
    const pix = decoded(code);
    expect(pix.url).toBe(url);
    expect(pix.merchantName).toBe('Loja Exemplo');
    expect(pix.merchantCity).toBe('Curitiba');
    // Unique-use point of initiation, no amount (the charge at the location holds it), txid '***'.
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).not.toContain('5406');
    expect(code).toContain('62070503***6304');
  });

  it('non-Latin name and city fall back to the partner', () => {
    const pix = decoded(dynamicPixCopyPaste({ ...base, merchantName: 'Иван', merchantCity: 'Москва' }));
    expect([pix.merchantName, pix.merchantCity]).toEqual(['Parceiro Exemplo', 'Sao Paulo']);
  });

  it.each(['', 'http://psp.example.com/qr/1', `psp.example.com/${'x'.repeat(70)}`, 'psp.example.com/a b'])(
    'refuses location %j',
    (location) => {
      expect(() => dynamicPixCopyPaste({ ...base, location })).toThrow(RangeError);
    },
  );
});

describe('API Pix amounts', () => {
  it.each([
    [1, '0.01'],
    [12345, '123.45'],
    [100, '1.00'],
    [999_999_999_999, '9999999999.99'],
  ])('%i centavos is %s and back', (cents, text) => {
    expect(pixAmount(cents)).toBe(text);
    expect(centsFromPixApiAmount(text)).toBe(cents);
  });
  it.each(['1.5', '1', '-1.00', '1,00', '12345678901.00', ''])('refuses %j', (text) => {
    expect(centsFromPixApiAmount(text)).toBeNull();
  });
});
