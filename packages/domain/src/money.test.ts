import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MONEY_INPUT_MAX_LENGTH, maskMoneyInput, maskPastedMoney, parseMoney } from './money';

// Intl.NumberFormat('pt-BR', BRL) writes a NON-BREAKING SPACE (U+00A0) between 'R$' and the amount. formatMoney keeps
// it; tests spell it out as NBSP so the expectation is visible.
const NBSP = '\u00a0';

describe('formatMoney (integer centavos, pt-BR BRL)', () => {
  it.each([
    [0, `R$${NBSP}0,00`],
    [1, `R$${NBSP}0,01`],
    [10, `R$${NBSP}0,10`],
    [100, `R$${NBSP}1,00`],
    [123456, `R$${NBSP}1.234,56`],
    [100000000, `R$${NBSP}1.000.000,00`],
    [-350, `-R$${NBSP}3,50`],
    [Number.MAX_SAFE_INTEGER, `R$${NBSP}90.071.992.547.409,91`],
  ])('%d -> %j', (centavos, expected) => {
    expect(formatMoney(centavos)).toBe(expected);
  });

  it("writes what Intl's pt-BR BRL format writes for any amount", () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (centavos) => {
        const digits = String(Math.abs(centavos)).padStart(3, '0');
        const decimal = `${centavos < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
        expect(formatMoney(centavos)).toBe(intl.format(decimal));
      }),
      { numRuns: 2000 },
    );
  });

  it('uses a non-breaking space after R$', () => {
    expect(formatMoney(100).charCodeAt(2)).toBe(0xa0);
  });

  it('refuses amounts that are not integer centavos', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['R$ 1.234,56', 123456],
    [`R$${NBSP}1.234,56`, 123456],
    ['1234,56', 123456],
    ['1.234', 123400],
    ['1.234.567,8', 123456780],
    ['0,01', 1],
    ['0,1', 10],
    ['10', 1000],
    ['  R$ 7,00  ', 700],
    ['-R$ 3,50', -350],
    ['R$ -3,50', -350],
    ['10.5', 1050],
    ['10.50', 1050],
    ['-0,00', 0],
    // Not amounts.
    ['', null],
    ['R$', null],
    ['abc', null],
    ['1,234', null],
    ['1.23.4', null],
    ['12.34,56', null],
    ['1,2,3', null],
    [',50', null],
    ['1e3', null],
    ['--1', null],
    ['99999999999999999,99', null],
  ])('%j -> %s', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it('round-trips formatMoney for any safe integer amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (centavos) => {
        expect(parseMoney(formatMoney(centavos))).toBe(centavos);
      }),
    );
  });
});

describe('maskMoneyInput (spec 000 §5: R$, comma decimal, 2 decimals, 18 characters at most)', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['0', ''],
    ['R$ 0,0', ''],
    ['1', 'R$ 0,01'],
    ['12', 'R$ 0,12'],
    ['123', 'R$ 1,23'],
    ['1234', 'R$ 12,34'],
    ['123456', 'R$ 1.234,56'],
    ['R$ 1.234,567', 'R$ 12.345,67'],
    ['R$ 1.234,5', 'R$ 123,45'],
    ['007', 'R$ 0,07'],
    [`R$${NBSP}1.234,56`, 'R$ 1.234,56'],
    ['99999999999', 'R$ 999.999.999,99'],
    // A twelfth digit would make 19 characters, so it is ignored.
    ['999999999991', 'R$ 999.999.999,99'],
  ])('%j -> %j', (input, expected) => {
    expect(maskMoneyInput(input)).toBe(expected);
  });

  it('is idempotent, never longer than 18 characters and agrees with parseMoney', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^\d{0,25}$/)), (input) => {
        const once = maskMoneyInput(input);
        expect(maskMoneyInput(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(MONEY_INPUT_MAX_LENGTH);
        if (once !== '') expect(parseMoney(once)).toBe(Number(once.replace(/\D/g, '')));
      }),
    );
  });
});

describe('maskPastedMoney: a pasted amount is read as the amount it says, not as digits typed one by one', () => {
  it.each([
    ['1.500', 'R$ 1.500,00'],
    ['1500', 'R$ 1.500,00'],
    ['300', 'R$ 300,00'],
    ['1500,5', 'R$ 1.500,50'],
    ['250.00', 'R$ 250,00'],
    [`R$${NBSP}1.234,56`, 'R$ 1.234,56'],
    [' R$ 1.234,56 ', 'R$ 1.234,56'],
    ['0', ''],
    // Not an amount (a negative one, more than 2 decimals, letters): the digits as typed.
    ['-R$ 3,00', 'R$ 3,00'],
    ['1.234,567', 'R$ 12.345,67'],
    ['12a', 'R$ 0,12'],
    // Beyond 18 characters: cut like typing.
    ['9999999999999', 'R$ 999.999.999,99'],
  ])('%j -> %j', (input, expected) => {
    expect(maskPastedMoney(input)).toBe(expected);
  });

  it('gives what maskMoneyInput keeps as it is, and agrees with parseMoney', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^[\d.,]{0,20}$/)), (input) => {
        const pasted = maskPastedMoney(input);
        expect(maskMoneyInput(pasted)).toBe(pasted);
        if (pasted !== '') expect(parseMoney(pasted)).toBe(Number(pasted.replace(/\D/g, '')));
      }),
    );
  });
});
