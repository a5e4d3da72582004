import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANCO_DO_BRASIL,
  BOLETO_MAX_CENTS,
  bancoDoBrasilFreeField,
  barcodeCheckDigit,
  barcodeFromDigitableLine,
  boletoBarcode,
  digitableLine,
  dueDateFactor,
  interleaved2of5,
  modulo10,
} from './boleto';

// Published Banco do Brasil homologation examples (convênio 7 posições, carteira 11): nosso número, value, due
// date, and the barcode and linha digitável the bank accepts.
const BB_EXAMPLES = [
  {
    ourNumber: '00000000000000000',
    cents: 20000,
    due: '2026-12-25',
    barcode: '00191167100000200000000000000000000000000011',
    line: '00190.00009 00000.000000 00000.000117 1 16710000020000',
  },
  {
    ourNumber: '12345670000000321',
    cents: 80400,
    due: '2026-01-02',
    barcode: '00192131400000804000000001234567000000032111',
    line: '00190.00009 01234.567004 00000.321117 2 13140000080400',
  },
];

describe('dueDateFactor (FEBRABAN)', () => {
  it.each([
    ['2000-07-03', '1000'],
    ['2025-02-21', '9999'],
    ['2025-02-22', '1000'],
    ['2026-01-02', '1314'],
    ['2026-12-25', '1671'],
  ])('%s -> %s', (due, factor) => expect(dueDateFactor(due)).toBe(factor));

  it('refuses dates before the first factor', () => {
    expect(() => dueDateFactor('2000-07-02')).toThrow(RangeError);
  });
});

describe('check digits', () => {
  it.each([
    ['001900000', 9],
    ['0000000000', 0],
    ['0123456700', 4],
  ])('modulo10(%s) = %d', (digits, digit) => expect(modulo10(digits)).toBe(digit));

  it('módulo 11 results 0, 10 and 11 become 1', () => {
    // 43 zeros: sum 0, 11 - 0 = 11 -> 1.
    expect(barcodeCheckDigit('0'.repeat(43))).toBe(1);
  });
});

describe('boletoBarcode and digitableLine (Banco do Brasil examples)', () => {
  it.each(BB_EXAMPLES)('$line', ({ ourNumber, cents, due, barcode, line }) => {
    const freeField = `000000${ourNumber}11`;
    expect(boletoBarcode({ bankCode: '001', dueDate: due, amountCents: cents, freeField })).toBe(barcode);
    expect(digitableLine(barcode)).toBe(line);
    expect(barcodeFromDigitableLine(line)).toBe(barcode);
  });

  it('a line of an older factor cycle', () => {
    const barcode = '00192376900000135000000001238798777770016818';
    expect(digitableLine(barcode)).toBe('00190.00009 01238.798779 77700.168188 2 37690000013500');
  });

  it('builds the Banco do Brasil free field from agreement, sequence and wallet', () => {
    expect(bancoDoBrasilFreeField('1234567', 321, '11')).toBe('0000001234567000000032111');
    expect(() => bancoDoBrasilFreeField('123', 1, '11')).toThrow(RangeError);
    expect(() => bancoDoBrasilFreeField('1234567', 1e10, '11')).toThrow(RangeError);
  });

  it.each([0, -1, 1.5, 10_000_000_000])('refuses the value %d', (amountCents) => {
    expect(() =>
      boletoBarcode({ bankCode: '001', dueDate: '2026-12-25', amountCents, freeField: '0'.repeat(25) }),
    ).toThrow(RangeError);
  });

  it('any line round-trips, and a changed digit in fields 1 to 3 is caught', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 9000 }),
        fc.stringMatching(/^\d{25}$/),
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 9 }),
        (amountCents, offset, freeField, position, delta) => {
          const due = new Date(Date.UTC(2025, 1, 22 + offset)).toISOString().slice(0, 10);
          const barcode = boletoBarcode({ bankCode: '001', dueDate: due, amountCents, freeField });
          const line = digitableLine(barcode);
          expect(barcodeFromDigitableLine(line)).toBe(barcode);
          const digits = line.replace(/[\s.]/g, '');
          const changed =
            digits.slice(0, position) +
            ((Number(digits[position]) + delta) % 10) +
            digits.slice(position + 1);
          // Fields 1-3 carry their own módulo 10 digit, which catches any single changed digit. (The general
          // módulo 11 digit maps 0, 10 and 11 to 1, so it cannot promise the same for factor and value.)
          expect(barcodeFromDigitableLine(changed)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** A 'YYYY-MM-DD' as the local midnight brazilian-utils reads and returns due dates in. */
const localDate = (iso: string): Date => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};
const isoOf = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A boleto read back by @brazilian-utils/brazilian-utils (module 10 of each field, module 11 of the barcode it
 * rebuilds): its line must be valid, with our bank, amount and due date (the factor's cycle resolved around the due
 * date itself), and our barcode must be the line's digits in the FEBRABAN order.
 */
function expectDecodedBoleto(dueDate: string, amountCents: number, freeField: string) {
  const barcode = boletoBarcode({ bankCode: '001', dueDate, amountCents, freeField });
  const line = digitableLine(barcode);
  expect(isValidBoleto(line)).toBe(true);
  const info = getBoletoInfo(line, { referenceDate: localDate(dueDate) });
  expect(info && { ...info, expirationDate: info.expirationDate && isoOf(info.expirationDate) }).toEqual({
    bankCode: '001',
    amount: amountCents,
    expirationDate: dueDate,
  });
  const digits = line.replace(/[\s.]/g, '');
  // FEBRABAN: bank and currency (line 1-4), general digit, factor and value (33-47), free field (5-9, 11-20, 22-31).
  expect(barcode).toBe(
    digits.slice(0, 4) + digits.slice(32) + digits.slice(4, 9) + digits.slice(10, 20) + digits.slice(21, 31),
  );
}

describe('boletos checked by an independent decoder (@brazilian-utils/brazilian-utils)', () => {
  const freeField = bancoDoBrasilFreeField('1234567', 42, BANCO_DO_BRASIL.wallet);
  it.each([
    ['2025-02-20', 1],
    ['2025-02-21', 12345],
    ['2025-02-22', 12345],
    ['2025-02-23', BOLETO_MAX_CENTS],
    ['2025-03-31', 9_990],
    ['2026-12-25', 20000],
    ['2030-01-02', 150_075],
    ['2030-12-31', BOLETO_MAX_CENTS],
    ['2040-02-29', 1],
    ['2040-12-31', 7_654_321],
  ])('due %s, %d centavos', (dueDate, amountCents) => expectDecodedBoleto(dueDate, amountCents, freeField));

  it('a changed digit is caught by the decoder too', () => {
    const line = digitableLine(
      boletoBarcode({ bankCode: '001', dueDate: '2030-01-02', amountCents: 100, freeField }),
    );
    expect(isValidBoleto(line.replace(/^0019/, '0029'))).toBe(false);
  });

  it('any due date from 2000 to 2049, any amount and free field', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-07-03T12:00:00Z'),
          max: new Date('2049-12-31T12:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: BOLETO_MAX_CENTS }),
        fc.stringMatching(/^\d{25}$/),
        (date, amountCents, anyFreeField) =>
          expectDecodedBoleto(date.toISOString().slice(0, 10), amountCents, anyFreeField),
      ),
      { numRuns: 500 },
    );
  });
});

describe('interleaved2of5', () => {
  it('encodes start, the digit pairs and stop', () => {
    // '12': 1 = WNNNW in bars, 2 = NWNNW in spaces.
    expect(interleaved2of5('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
  });

  it('a 44-digit barcode has 4 + 44 * 5 + 3 elements, starting and ending with a bar', () => {
    const widths = interleaved2of5(BB_EXAMPLES[0]!.barcode);
    expect(widths).toHaveLength(227);
    expect(widths.length % 2).toBe(1);
  });

  it('refuses an odd count or non-digits', () => {
    expect(() => interleaved2of5('123')).toThrow(RangeError);
    expect(() => interleaved2of5('1a')).toThrow(RangeError);
  });
});
