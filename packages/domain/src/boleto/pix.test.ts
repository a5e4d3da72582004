import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16, hasValidPixCrc, pixCopyPaste } from './pix';

// Banco Central, "Manual de Padrões para Iniciação do Pix", annex: the static example payload and its CRC.
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';

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
    expect(code).toBe(
      `00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62120508SV0001236304${crc16(
        '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62120508SV0001236304',
      )}`,
    );
    expect(hasValidPixCrc(code)).toBe(true);
  });

  it('strips accents and cuts name (25) and city (15); txid keeps only letters and digits', () => {
    const code = pixCopyPaste({
      key: '12345678000195',
      merchantName: 'Lojas Câmbio & Crédito Popular do Brasil',
      merchantCity: 'São José dos Campos',
      amountCents: 5,
      txid: 'SV-1/2',
    });
    expect(code).toContain('5925Lojas Cambio & Credito Po');
    expect(code).toContain('6015Sao Jose dos Ca');
    expect(code).toContain('54040.05');
    expect(code).toContain('62080504SV12');
  });

  it('refuses a zero or fractional amount', () => {
    const charge = { key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'T' };
    expect(() => pixCopyPaste({ ...charge, amountCents: 0 })).toThrow(RangeError);
    expect(() => pixCopyPaste({ ...charge, amountCents: 1.5 })).toThrow(RangeError);
  });

  it('every code carries a valid CRC, and a changed character breaks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.string({ maxLength: 40 }), (amountCents, name) => {
        const code = pixCopyPaste({
          key: 'pix@example.com',
          merchantName: name || 'X',
          merchantCity: 'SAO PAULO',
          amountCents,
          txid: 'ABC',
        });
        expect(hasValidPixCrc(code)).toBe(true);
        const broken = code.replace('SAO PAULO', 'SAO PAULA');
        expect(hasValidPixCrc(broken)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
