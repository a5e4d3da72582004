import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  documentKind,
  INVALID_DOCUMENT_MESSAGE,
  INVALID_DOCUMENT_SHORT_MESSAGE,
  isValidCnpj,
  isValidCpf,
  isValidCpfCnpj,
  normalizeDocument,
} from './cpf-cnpj';

describe('normalizeDocument', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    [' 11.222.333/0001-81 ', '11222333000181'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['529 982 247 25', '52998224725'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeDocument(input)).toBe(expected);
  });
});

describe('isValidCpf (spec 000 §5)', () => {
  it.each([
    // Demo identities and public examples.
    ['529.982.247-25', true],
    ['390.533.447-05', true],
    ['111.444.777-35', true],
    ['52998224725', true],
    ['123.456.789-09', true],
    ['935.411.347-80', true],
    // Wrong check digits.
    ['529.982.247-24', false],
    ['529.982.247-15', false],
    ['123.456.789-00', false],
    // Sequences of one repeated digit pass the arithmetic but are rejected.
    ['111.111.111-11', false],
    ['000.000.000-00', false],
    ['999.999.999-99', false],
    // Wrong length or characters.
    ['529.982.247-2', false],
    ['529.982.247-255', false],
    ['529.982.24A-25', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidCpf(input)).toBe(expected);
  });

  it('every repeated-digit sequence is rejected', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });
});

describe('isValidCnpj (spec 000 §5, IN RFB 2.229/2024)', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.444.777/0001-61', true],
    ['00.000.000/0001-91', true],
    ['33.000.167/0001-01', true],
    // Alphanumeric (Serpro/Receita published example), masked, unmasked and lower case.
    ['12.ABC.345/01DE-35', true],
    ['12ABC34501DE35', true],
    ['12.abc.345/01de-35', true],
    // Wrong check digits.
    ['11.222.333/0001-80', false],
    ['12.ABC.345/01DE-36', false],
    ['12.ABC.345/01DE-53', false],
    ['12.ABD.345/01DE-35', false],
    // All zeros is rejected.
    ['00.000.000/0000-00', false],
    // Letters are not allowed in the check digits; other characters are not allowed at all.
    ['12.ABC.345/01DE-3A', false],
    ['12.AB#.345/01DE-35', false],
    ['11.222.333/0001-8', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isValidCnpj(input)).toBe(expected);
  });
});

describe('check digit helpers', () => {
  it.each([
    ['529982247', '25'],
    ['390533447', '05'],
    ['111444777', '35'],
  ])('cpfCheckDigits(%j) -> %j', (base, dv) => {
    expect(cpfCheckDigits(base)).toBe(dv);
  });

  it.each([
    ['112223330001', '81'],
    ['12ABC34501DE', '35'],
    ['12.abc.345/01de', '35'],
  ])('cnpjCheckDigits(%j) -> %j', (base, dv) => {
    expect(cnpjCheckDigits(base)).toBe(dv);
  });

  it('rejects malformed bases', () => {
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cpfCheckDigits('12345678A')).toThrow(RangeError);
    expect(() => cnpjCheckDigits('12ABC34501D')).toThrow(RangeError);
    expect(() => cnpjCheckDigits('12ABC34501D#')).toThrow(RangeError);
  });
});

describe('properties', () => {
  const cnpjChar = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const cnpjBase = fc
    .array(cnpjChar, { minLength: 12, maxLength: 12 })
    .map((chars) => chars.join(''))
    .filter((base) => base !== '000000000000');

  it('a 12-character base plus its computed check digits is a valid CNPJ; changing one check digit is not', () => {
    fc.assert(
      fc.property(
        cnpjBase,
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 9 }),
        (base, index, shift) => {
          const dv = cnpjCheckDigits(base);
          expect(isValidCnpj(base + dv)).toBe(true);
          expect(isValidCnpj((base + dv).toLowerCase())).toBe(true);
          const digits = dv.split('');
          digits[index] = String((Number(digits[index]) + shift) % 10);
          expect(isValidCnpj(base + digits.join(''))).toBe(false);
        },
      ),
    );
  });

  it('a 9-digit base plus its computed check digits is a valid CPF unless it repeats one digit', () => {
    const cpfBase = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
      .map((d) => d.join(''));
    fc.assert(
      fc.property(
        cpfBase,
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 9 }),
        (base, index, shift) => {
          const cpf = base + cpfCheckDigits(base);
          expect(isValidCpf(cpf)).toBe(!/^(\d)\1{10}$/.test(cpf));
          const digits = cpf.split('');
          const at = 9 + index;
          digits[at] = String((Number(digits[at]) + shift) % 10);
          expect(isValidCpf(digits.join(''))).toBe(false);
        },
      ),
    );
  });
});

describe('isValidCpfCnpj and documentKind (spec 000 §5: 11 is a CPF, 14 a CNPJ, other lengths invalid)', () => {
  it.each([
    ['529.982.247-25', true, 'cpf'],
    ['111.111.111-11', false, 'cpf'],
    ['11.222.333/0001-81', true, 'cnpj'],
    ['12.ABC.345/01DE-35', true, 'cnpj'],
    ['00.000.000/0000-00', false, 'cnpj'],
    ['5299822472', false, null],
    ['529982247251', false, null],
    ['', false, null],
  ])('%j -> valid %s, kind %s', (input, valid, kind) => {
    expect(isValidCpfCnpj(input)).toBe(valid);
    expect(documentKind(input)).toBe(kind);
  });

  it('keeps the spec messages verbatim', () => {
    expect(INVALID_DOCUMENT_MESSAGE).toBe('Digite um CPF ou CNPJ válido!');
    expect(INVALID_DOCUMENT_SHORT_MESSAGE).toBe('* CPF/CNPJ inválido');
  });
});
