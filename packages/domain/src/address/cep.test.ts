import { describe, expect, it } from 'vitest';
import { normalizeCep } from './cep';

describe('normalizeCep (spec 002 §5 address form, mask #####-###)', () => {
  it.each([
    ['01310-100', '01310100'],
    ['01310100', '01310100'],
    [' 20010-000 ', '20010000'],
    ['0131-0100', null],
    ['01310-10', null],
    ['013101000', null],
    ['01310.100', null],
    ['ABCDE-FGH', null],
    ['00000-000', null],
    ['', null],
  ])('%j -> %j', (input, expected) => expect(normalizeCep(input)).toBe(expected));
});
