import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  CHARGE_TXID_LENGTH,
  crc16,
  hasValidPixCrc,
  isValidBrCodeTxid,
  isValidChargeTxid,
  murmur3,
  PIX_MAX_CENTS,
  type PixCharge,
  pixCopyPaste,
  txidFromSeed,
} from './pix';

// Banco Central, "Manual de Padrões para Iniciação do Pix", annex: the static example payload and its CRC.
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';

/** The payload read back by pix-utils, an independent decoder that checks the CRC before anything else. */
function decoded(code: string) {
  const pix = parsePix(code);
  if (hasError(pix) || !isStaticPix(pix))
    throw new Error(`pix-utils rejects ${code}: ${JSON.stringify(pix)}`);
  return pix;
}

const base: PixCharge = {
  key: 'cobranca@loja.com.br',
  merchantName: 'Loja Exemplo',
  merchantCity: 'Curitiba',
  fallback: { merchantName: 'Parceiro Exemplo', merchantCity: 'Sao Paulo' },
  amountCents: 12345,
  txid: 'SV12345670000000321',
};

describe('crc16 (CRC16-CCITT-FALSE)', () => {
  it('the standard check value', () => expect(crc16('123456789')).toBe('29B1'));
  it('the Banco Central example', () => expect(crc16(BCB_EXAMPLE)).toBe('1D3D'));
});

describe('pixCopyPaste', () => {
  it('builds the fields in order, with amount and txid', () => {
    const code = pixCopyPaste({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      amountCents: 12345,
      txid: 'SV000123',
    });
    const body =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62120508SV0001236304';
    expect(code).toBe(body + crc16(body));
    expect(hasValidPixCrc(code)).toBe(true);
  });

  it.each([
    {
      case: 'accents stripped, name cut at 25 and city at 15',
      charge: {
        merchantName: 'Lojas Câmbio & Crédito Popular do Brasil',
        merchantCity: 'São José dos Campos',
      },
      name: 'Lojas Cambio & Credito Po',
      city: 'Sao Jose dos Ca',
    },
    {
      case: 'a cut never ends in a space',
      charge: { merchantName: 'Comércio de Tecidos Finos Ltda', merchantCity: 'Rio de Janeiro RJ' },
      name: 'Comercio de Tecidos Finos',
      city: 'Rio de Janeiro',
    },
    {
      case: 'Cyrillic name: the partner name instead',
      charge: { merchantName: 'Иван Петров', merchantCity: 'Москва' },
      name: 'Parceiro Exemplo',
      city: 'Sao Paulo',
    },
    {
      case: 'CJK name and city',
      charge: { merchantName: '李小龍商店', merchantCity: '東京' },
      name: 'Parceiro Exemplo',
      city: 'Sao Paulo',
    },
    {
      case: 'emoji only',
      charge: { merchantName: '🏪🛒', merchantCity: '🌆' },
      name: 'Parceiro Exemplo',
      city: 'Sao Paulo',
    },
    {
      case: 'Latin kept out of a mixed name, spaces collapsed',
      charge: { merchantName: 'Loja 李 Ñandú 🛒  Ltda', merchantCity: 'Foz do Iguaçu' },
      name: 'Loja Nandu Ltda',
      city: 'Foz do Iguacu',
    },
    {
      case: 'empty city: the partner city',
      charge: { merchantCity: '' },
      name: 'Loja Exemplo',
      city: 'Sao Paulo',
    },
    {
      case: 'blank name',
      charge: { merchantName: '   ' },
      name: 'Parceiro Exemplo',
      city: 'Curitiba',
    },
    {
      case: 'fallback transliterated too',
      charge: {
        merchantName: '',
        merchantCity: '',
        fallback: { merchantName: 'Crédito Já', merchantCity: 'Maceió' },
      },
      name: 'Credito Ja',
      city: 'Maceio',
    },
  ])('$case', ({ charge, name, city }) => {
    const code = pixCopyPaste({ ...base, ...charge });
    const pix = decoded(code);
    expect(pix.merchantName).toBe(name);
    expect(pix.merchantCity).toBe(city);
    expect(isValidPixPayload(code)).toBe(true);
  });

  it.each([
    ['a masked alphanumeric CNPJ', '12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['a lower-case alphanumeric CNPJ', '12abc34501de35', '12ABC34501DE35'],
    ['a masked numeric CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['a masked CPF', '390.533.447-05', '39053344705'],
    ['an e-mail', 'cobranca@loja.com.br', 'cobranca@loja.com.br'],
    ['a phone', '+5541999998888', '+5541999998888'],
    ['a random key', '123e4567-e12b-12d1-a456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
  ])('the key: %s', (_, key, expected) => {
    expect(decoded(pixCopyPaste({ ...base, key })).pixKey).toBe(expected);
  });

  it.each([
    [1, '0.01', 0.01],
    [100, '1.00', 1],
    [12345, '123.45', 123.45],
    [PIX_MAX_CENTS, '9999999999.99', 9_999_999_999.99],
  ])('the amount of %d centavos', (amountCents, field, amount) => {
    const code = pixCopyPaste({ ...base, amountCents });
    expect(code).toContain(`54${String(field.length).padStart(2, '0')}${field}5802BR`);
    expect(decoded(code).transactionAmount).toBe(amount);
  });

  it.each([0, -1, 1.5, PIX_MAX_CENTS + 1])('refuses the amount %d', (amountCents) => {
    expect(() => pixCopyPaste({ ...base, amountCents })).toThrow(RangeError);
  });

  it('a name or city with nothing printable and no fallback is refused, never an empty field', () => {
    const { fallback: _, ...withoutFallback } = base;
    expect(() => pixCopyPaste({ ...withoutFallback, merchantName: 'Иван' })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...withoutFallback, merchantCity: '' })).toThrow(RangeError);
    expect(() =>
      pixCopyPaste({ ...base, merchantName: '李', fallback: { merchantName: '王', merchantCity: 'X' } }),
    ).toThrow(RangeError);
  });

  it('refuses an empty key', () => {
    expect(() => pixCopyPaste({ ...base, key: ' ' })).toThrow(RangeError);
  });

  it('carries the txid, or *** without one', () => {
    expect(decoded(pixCopyPaste(base)).txid).toBe('SV12345670000000321');
    const { txid: _, ...withoutTxid } = base;
    expect(decoded(pixCopyPaste(withoutTxid)).txid).toBe('***');
  });

  it.each(['SV-1/2', '', 'A'.repeat(26), 'ação'])('refuses the txid %j instead of changing it', (txid) => {
    expect(() => pixCopyPaste({ ...base, txid })).toThrow(RangeError);
  });

  const printableAscii = /^[\x20-\x7e]+$/;
  const documentKeys: Record<string, string> = {
    '12.ABC.345/01DE-35': '12ABC34501DE35',
    '390.533.447-05': '39053344705',
  };
  it('every payload we generate parses back with its key, amount and txid (pix-utils, CRC verified)', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ unit: 'grapheme', maxLength: 40 }),
          city: fc.string({ unit: 'grapheme', maxLength: 20 }),
          key: fc.oneof(
            fc.emailAddress().filter((e) => e.length <= 77),
            fc.uuid(),
            fc.constantFrom(...Object.keys(documentKeys), '+5541999998888'),
          ),
          amountCents: fc.integer({ min: 1, max: PIX_MAX_CENTS }),
          txid: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), fc.constant('***')),
        }),
        ({ name, city, key, amountCents, txid }) => {
          const code = pixCopyPaste({
            ...base,
            merchantName: name,
            merchantCity: city,
            key,
            amountCents,
            txid,
          });
          expect(hasValidPixCrc(code)).toBe(true);
          const pix = decoded(code);
          expect(pix.merchantName).toMatch(printableAscii);
          expect(pix.merchantName.length).toBeLessThanOrEqual(25);
          expect(pix.merchantCity).toMatch(printableAscii);
          expect(pix.merchantCity.length).toBeLessThanOrEqual(15);
          if (/^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/.test(name) && name.length <= 25)
            expect(pix.merchantName).toBe(name);
          expect(pix.transactionAmount?.toFixed(2)).toBe((amountCents / 100).toFixed(2));
          expect(pix.txid).toBe(txid);
          expect(pix.pixKey).toBe(documentKeys[key] ?? key);
          expect(
            hasValidPixCrc(code.replace(/6304.{4}$/, `6304${code.endsWith('0000') ? 'FFFF' : '0000'}`)),
          ).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('txid rules (BCB)', () => {
  it.each([
    ['SV12345670000000321', true],
    ['A'.repeat(25), true],
    ['***', true],
    ['A'.repeat(26), false],
    ['', false],
    ['SV-123', false],
    ['**', false],
  ])('static BR Code txid %j: %s', (txid, valid) => expect(isValidBrCodeTxid(txid)).toBe(valid));

  it.each([
    ['a'.repeat(26), true],
    ['Z9'.repeat(17).concat('X'), true],
    ['a'.repeat(25), false],
    ['a'.repeat(36), false],
    [`${'a'.repeat(30)}-`, false],
    ['***', false],
  ])('charge (cob/cobv) txid %j: %s', (txid, valid) => expect(isValidChargeTxid(txid)).toBe(valid));
});

describe('murmur3 (x86, 32 bits)', () => {
  // The reference implementation's published test vectors (SMHasher).
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['test', 0, 0xba6bd213],
    ['abc', 0, 0xb3dd93fa],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
  ])('%j with seed %d', (text, seed, hash) => {
    expect(murmur3(new TextEncoder().encode(text), seed)).toBe(hash);
  });
});

describe('txidFromSeed', () => {
  it('the same seed gives the same valid charge txid; 25 characters fit a static BR Code', () => {
    const txid = txidFromSeed('store 7 / our number 12345670000000321');
    expect(txid).toHaveLength(CHARGE_TXID_LENGTH);
    expect(isValidChargeTxid(txid)).toBe(true);
    expect(txidFromSeed('store 7 / our number 12345670000000321')).toBe(txid);
    const short = txidFromSeed('store 7 / our number 12345670000000321', 25);
    expect(isValidBrCodeTxid(short)).toBe(true);
    expect(decoded(pixCopyPaste({ ...base, txid: short })).txid).toBe(short);
  });

  it('distinct seeds give distinct txids', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'grapheme', minLength: 1 }), { minLength: 50 }),
        (seeds) => {
          const txids = seeds.map((seed) => txidFromSeed(seed));
          expect(new Set(txids).size).toBe(seeds.length);
          for (const txid of txids) expect(txid).toMatch(/^[0-9A-Z]{35}$/);
        },
      ),
      { numRuns: 100 },
    );
  });

  it.each([
    ['', 35],
    ['seed', 0],
    ['seed', 36],
    ['seed', 2.5],
  ])('refuses the seed %j with length %d', (seed, length) => {
    expect(() => txidFromSeed(seed, length)).toThrow(RangeError);
  });
});
