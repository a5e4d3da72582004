import { describe, expect, it } from 'vitest';
import {
  CARD_FORM_MESSAGES,
  cardBrandOf,
  cardFormSchema,
  isCardValidityCurrent,
  maskCardCvv,
  maskCardNumber,
  maskCardValidity,
} from './card';

describe('cardBrandOf (BIN)', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['4000000000000010', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['5100000000000008', 'MASTERCARD'],
    ['2221000000000009', 'MASTERCARD'],
    ['2720999999999996', 'MASTERCARD'],
    ['2721000000000004', 'OTHER'],
    ['4011780000000003', 'ELO'],
    ['4389350000000003', 'ELO'],
    ['5067000000000004', 'ELO'],
    ['6362970000000004', 'ELO'],
    ['6504850000000007', 'ELO'],
    ['6062825624254001', 'HIPERCOB'],
    ['6375680000000005', 'HIPERCOB'],
    ['378282246310005', 'OTHER'],
    ['6011111111111117', 'OTHER'],
    ['4111.1111.1111.1111', 'VISA'],
    ['41111', 'OTHER'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });
});

describe('card masks (spec 001 §5)', () => {
  it.each([
    [maskCardNumber, '4111111111111111', '4111.1111.1111.1111'],
    [maskCardNumber, '41111', '4111.1'],
    [maskCardNumber, '4111 1111 1111 1111 999', '4111.1111.1111.1111'],
    [maskCardNumber, '4111.1111.1111.1111', '4111.1111.1111.1111'],
    [maskCardValidity, '1230', '12/30'],
    [maskCardValidity, '1', '1'],
    [maskCardValidity, '12/305', '12/30'],
    [maskCardCvv, '12a34', '123'],
  ])('%o %s -> %s', (mask, input, output) => {
    expect(mask(input)).toBe(output);
    expect(mask(mask(input))).toBe(output);
  });
});

describe('isCardValidityCurrent', () => {
  it.each([
    ['11/26', '2026-11-25', true],
    ['10/26', '2026-11-25', false],
    ['01/27', '2026-11-25', true],
    ['13/27', '2026-11-25', false],
    ['00/27', '2026-11-25', false],
    ['1/27', '2026-11-25', false],
  ])('%s on %s: %s', (validity, today, expected) => {
    expect(isCardValidityCurrent(validity, today)).toBe(expected);
  });
});

describe('cardFormSchema', () => {
  const schema = cardFormSchema('2026-11-25');
  it('accepts a Luhn-valid card and keeps its digits', () => {
    const parsed = schema.parse({
      card_number: '4000.0000.0000.0010',
      valid_date: '12/30',
      cvv: '123',
      name: 'JOAO',
    });
    expect(parsed.card_number).toBe('4000000000000010');
  });
  it.each(["MARIA S. O'NEIL", 'JOÃO DA SILVA-SANTOS', 'Ana Luísa D’Ávila', 'JO'])(
    'takes %s as a printed name',
    (name) => {
      const card = { card_number: '4000000000000010', valid_date: '12/30', cvv: '123', name: ` ${name} ` };
      expect(schema.parse(card).name).toBe(name);
    },
  );
  it.each([
    [{ card_number: '4000.0000.0000.0011' }, 'card_number', CARD_FORM_MESSAGES.number],
    [{ valid_date: '10/26' }, 'valid_date', CARD_FORM_MESSAGES.validity],
    [{ cvv: '12' }, 'cvv', CARD_FORM_MESSAGES.cvv],
    [{ name: ' ' }, 'name', CARD_FORM_MESSAGES.name],
    // A name typed says what is wrong with it, not that it is missing.
    [{ name: 'J' }, 'name', CARD_FORM_MESSAGES.nameShort],
    [{ name: 'J. -' }, 'name', CARD_FORM_MESSAGES.nameShort],
    // A printed name has letters: digits or other symbols are not one.
    [{ name: '12345' }, 'name', CARD_FORM_MESSAGES.nameCharacters],
    [{ name: 'MARIA SILVA 2' }, 'name', CARD_FORM_MESSAGES.nameCharacters],
    [{ name: 'maria@silva' }, 'name', CARD_FORM_MESSAGES.nameCharacters],
    [{ name: 'J'.repeat(65) }, 'name', CARD_FORM_MESSAGES.nameTooLong],
  ])('refuses %o', (change, field, message) => {
    const result = schema.safeParse({
      card_number: '4000000000000010',
      valid_date: '12/30',
      cvv: '123',
      name: 'JOAO',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([[field, message]]);
  });
});
