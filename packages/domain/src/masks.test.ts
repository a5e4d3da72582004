import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mask0800,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskCpfForDisplay,
  maskDate,
  maskMobilePhone,
  maskPastedDate,
  maskPhone,
  onlyDigits,
} from './masks';

describe('onlyDigits', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['(11) 98765-4321', '11987654321'],
    ['abc', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(onlyDigits(input)).toBe(expected);
  });
});

describe('maskCpf (spec 000 §9 ###.###.###-##)', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529982247251', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529.', '529'],
    ['52a9', '529'],
  ])('%j -> %j', (input, expected) => {
    expect(maskCpf(input)).toBe(expected);
  });
});

describe('maskCnpj (spec 000 §9 ##.###.###/####-##, alphanumeric IN RFB 2.229/2024)', () => {
  it.each([
    ['', ''],
    ['11', '11'],
    ['112', '11.2'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181', '11.222.333/0001-81'],
    ['112223330001819', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['12.ABC.345/01DE-35', '12.ABC.345/01DE-35'],
    // Letters are refused in the two check-digit positions.
    ['12ABC34501DEX3', '12.ABC.345/01DE-3'],
    ['12ABC34501DE3X5', '12.ABC.345/01DE-35'],
  ])('%j -> %j', (input, expected) => {
    expect(maskCnpj(input)).toBe(expected);
  });
});

describe('maskCpfCnpj', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['52998224725', '529.982.247-25'],
    ['529982247251', '52.998.224/7251'],
    ['11222333000181', '11.222.333/0001-81'],
    ['112223330001819999', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['12a', '12.A'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
  ])('%j -> %j', (input, expected) => {
    expect(maskCpfCnpj(input)).toBe(expected);
  });
});

describe('phone masks (spec 000 §5/§9)', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113333', '(11) 3333'],
    ['1133334', '(11) 3333-4'],
    ['1133334444', '(11) 3333-4444'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'],
    ['(11) 3333-4444', '(11) 3333-4444'],
    // Pasted with the country code, as a phone's contacts and WhatsApp copy a number.
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+55 (11) 3333-4444', '(11) 3333-4444'],
    // ... without the '+', or with the trunk prefix 0, as a bill prints it.
    ['55 11 98765-4321', '(11) 98765-4321'],
    ['011 98765-4321', '(11) 98765-4321'],
    ['(011) 3333-4444', '(11) 3333-4444'],
    ['0', ''],
  ])('maskPhone(%j) -> %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ['', ''],
    ['11', '(11'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
    ['1133334444', '(11) 33334-444'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543219', '(11) 98765-4321'],
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+55 (11) 98765-4321', '(11) 98765-4321'],
    [' +5511987654321', '(11) 98765-4321'],
    ['5511987654321', '(11) 98765-4321'],
    ['0 11 98765-4321', '(11) 98765-4321'],
    // Otherwise leading digits 55 are a DDD (Rio Grande do Sul), as typed: never a country code.
    ['55987654321', '(55) 98765-4321'],
    ['559876543210', '(55) 98765-4321'],
  ])('maskMobilePhone(%j) -> %j', (input, expected) => {
    expect(maskMobilePhone(input)).toBe(expected);
  });

  it.each([
    ['0800', '0800'],
    ['08007', '0800-7'],
    ['0800727', '0800-727'],
    ['08007270', '0800-727-0'],
    ['08007270101', '0800-727-0101'],
    ['080072701019', '0800-727-0101'],
  ])('mask0800(%j) -> %j', (input, expected) => {
    expect(mask0800(input)).toBe(expected);
  });
});

describe('maskCep and maskDate', () => {
  it.each([
    ['', ''],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['013101009', '01310-100'],
  ])('maskCep(%j) -> %j', (input, expected) => {
    expect(maskCep(input)).toBe(expected);
  });

  it.each([
    ['', ''],
    ['2', '2'],
    ['29', '29'],
    ['290', '29/0'],
    ['2902', '29/02'],
    ['29022', '29/02/2'],
    ['29022024', '29/02/2024'],
    ['290220241', '29/02/2024'],
    ['29/02/2024', '29/02/2024'],
  ])('maskDate(%j) -> %j', (input, expected) => {
    expect(maskDate(input)).toBe(expected);
  });
});

describe('maskPastedDate: a pasted date is read as the date it says, not as digits typed one by one', () => {
  it.each([
    ['5/12/2026', '05/12/2026'],
    ['05/12/2026', '05/12/2026'],
    ['5.12.2026', '05/12/2026'],
    ['05-12-2026', '05/12/2026'],
    ['5/1/2026', '05/01/2026'],
    [' 20/07/1990 ', '20/07/1990'],
    ['2026-12-05', '05/12/2026'],
    // Whether the day exists is the field's check, as for a typed date.
    ['31/02/2026', '31/02/2026'],
    // Not one of those forms (mixed separators, a 2-digit year, plain digits): the digits as typed.
    ['5/12-2026', '51/22/026'],
    ['5/12/26', '51/22/6'],
    ['05122026', '05/12/2026'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(maskPastedDate(input)).toBe(expected);
  });

  it('gives what maskDate keeps as it is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^[\d/.-]{0,12}$/)), (input) => {
        const pasted = maskPastedDate(input);
        expect(maskDate(pasted)).toBe(pasted);
      }),
    );
  });
});

describe('maskCpfForDisplay (spec 001 §9: first 3 digits, masked middle, last 2)', () => {
  it.each([
    ['529.982.247-25', '529.***.***-25'],
    ['52998224725', '529.***.***-25'],
    ['11.222.333/0001-81', '11.***.***/****-81'],
    ['12.abc.345/01de-35', '12.***.***/****-35'],
    ['5299822472', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(maskCpfForDisplay(input)).toBe(expected);
  });
});

describe('idempotence: mask(mask(x)) === mask(x)', () => {
  const masks = { maskCpf, maskCnpj, maskCpfCnpj, maskPhone, maskMobilePhone, mask0800, maskCep, maskDate };
  const typed = fc.oneof(
    fc.string({ maxLength: 25 }),
    fc.stringMatching(/^[0-9a-zA-Z./\-() ]{0,25}$/),
    fc.stringMatching(/^[0-9]{0,20}$/),
  );

  it.each(Object.entries(masks))('%s', (_name, mask) => {
    fc.assert(
      fc.property(typed, (input) => {
        const once = mask(input);
        expect(mask(once)).toBe(once);
      }),
    );
  });

  it('typing one character at a time gives the same result as pasting', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{0,16}$/), (input) => {
        let value = '';
        for (const char of input) value = maskCpfCnpj(value + char);
        expect(value).toBe(maskCpfCnpj(input));
      }),
    );
  });
});
