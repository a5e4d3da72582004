import { describe, expect, it } from 'vitest';
import { parseFigure, showFigure } from './policy-figures';

// The store form's numbers (decision 027): what a person types, in the engine's units, and back.

describe('parseFigure', () => {
  it.each([
    ['2', 'percent', 200],
    ['1,99', 'percent', 199],
    ['1.5', 'percent', 150],
    ['100 %', 'percent', 10_000],
    ['0,', 'percent', 0],
    // A third decimal is a fraction of a basis point: the schema says 'no máximo duas casas decimais'.
    ['1,999', 'percent', 199.5],
    ['R$ 50,00', 'money', 5_000],
    ['1.234,56', 'money', 123_456],
    ['12', 'whole', 12],
  ] as const)('%s as %s is %d', (text, unit, expected) => {
    expect(parseFigure(text, unit)).toBe(expected);
  });

  it.each([
    ['', 'percent'],
    ['dois', 'percent'],
    ['-1', 'percent'],
    ['1,5', 'whole'],
    ['R$', 'money'],
  ] as const)('%j as %s is not a number (the schema answers its range)', (text, unit) => {
    expect(parseFigure(text, unit)).toBeNaN();
  });
});

describe('showFigure', () => {
  it.each([
    [199, 'percent', '1,99'],
    [10_000, 'percent', '100'],
    [5_000, 'money', 'R$\u00a050,00'],
    [7, 'whole', '7'],
    [Number.NaN, 'percent', ''],
  ] as const)('%d as %s reads %j, and reads back the same', (value, unit, text) => {
    expect(showFigure(value, unit)).toBe(text);
    if (text) expect(parseFigure(text, unit)).toBe(value);
  });
});
