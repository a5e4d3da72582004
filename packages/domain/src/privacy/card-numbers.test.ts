import { describe, expect, it } from 'vitest';
import { maskCardNumbers, passesLuhn } from './card-numbers';

// Luhn: ISO/IEC 7812-1 Annex B; 79927398713 is the formula's usual worked example. The card numbers are the test
// numbers card brands and payment providers publish for their sandboxes (Visa, Mastercard, American Express, Diners,
// Discover), valid by Luhn and issued to nobody.

describe('passesLuhn (ISO/IEC 7812-1 Annex B)', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['79927398719', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4111111111111111110', true],
    ['0', false],
    ['41111111111a1111', false],
  ])('%s -> %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});

describe('maskCardNumbers: 13 to 19 digits passing Luhn, down to the last four', () => {
  it.each([
    // Each length and brand, in one run.
    ['4222222222222', '*********2222'],
    ['30569309025904', '**********5904'],
    ['378282246310005', '***********0005'],
    ['5555555555554444', '************4444'],
    ['6011000990139424', '************9424'],
    ['4111111111111111110', '***************1110'],
    // Groups split by spaces or dashes keep their separators.
    ['4111 1111 1111 1111', '**** **** **** 1111'],
    ['4111-1111-1111-1111', '****-****-****-1111'],
    ['3782 822463 10005', '**** ****** *0005'],
    // In a sentence, before a security code, after a prefix, two in a row.
    ['cartão 4111111111111111, cvv 123', 'cartão ************1111, cvv 123'],
    ['4111 1111 1111 1111 123', '**** **** **** 1111 123'],
    ['nº 12 4111 1111 1111 1111', 'nº 12 **** **** **** 1111'],
    ['5555555555554444 e 4111111111111111', '************4444 e ************1111'],
  ])('%j -> %j', (text, expected) => {
    expect(maskCardNumbers(text)).toBe(expected);
  });

  it.each([
    // Fails Luhn, too short, too long.
    '4111111111111112',
    '411111111111',
    '41111111111111111111',
    // A CPF and a phone as people write them, a date and a price.
    '529.982.247-25',
    '(11) 98765-4321',
    '2025-06-15',
    'R$ 1.234,56',
    // A boleto's digitable line and barcode (boleto.test.ts): a group is never split into a card-sized piece.
    '00190.00009 01234.567004 00000.321117 2 13140000080400',
    '00192131400000804000000001234567000000032111',
    '',
  ])('leaves %j as it is', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });
});
