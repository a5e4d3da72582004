import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, groupThousands } from './numbers';

describe('groupThousands (spec 000 §5: dot thousands)', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1.000'],
    ['1234567', '1.234.567'],
  ])('%s -> %s', (digits, expected) => {
    expect(groupThousands(digits)).toBe(expected);
  });
});

describe('formatDecimal (pt-BR, at most 2 decimals by default)', () => {
  it.each([
    [0, '0'],
    [10, '10'],
    [23.5, '23,5'],
    [23.456, '23,46'],
    [1234.567, '1.234,57'],
    [0.125, '0,13'],
    // Rounded as written, not as stored (1.005 is stored a little under it).
    [1.005, '1,01'],
    [1e-7, '0'],
    [-3.5, '-3,5'],
    [-0.001, '-0'],
    [99.999, '100'],
  ])('%d -> %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  it('writes what Intl.NumberFormat pt-BR writes, rounding included', () => {
    const intl = [0, 1, 2, 3].map(
      (digits) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits }),
    );
    const value = fc.oneof(
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      // Values with few decimals, where the ties and the trailing zeros are.
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 3 }), (number, digits) => {
        expect(formatDecimal(number, digits)).toBe(intl[digits]!.format(number));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses what is not a finite number under 10^21', () => {
    expect(() => formatDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => formatDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatDecimal(1e21)).toThrow(RangeError);
  });
});
