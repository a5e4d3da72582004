import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portugueseZodError } from './wire-fields';

/** The message a schema's first issue gets from the error map, as a form shows it under its field. */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input, { error: portugueseZodError });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('portugueseZodError (zod messages a person may read under a field)', () => {
  it.each([
    ['a missing field', z.object({ a: z.string() }), {}, 'Preencha este campo.'],
    ['an empty required text', z.string().min(1), '', 'Preencha este campo.'],
    ['a text too long', z.string().max(120), 'x'.repeat(121), 'Use no máximo 120 caracteres.'],
    ['a text too short', z.string().min(4), 'abc', 'Use no mínimo 4 caracteres.'],
    ['a number over its maximum', z.number().max(100), 101, 'O valor máximo é 100.'],
    ['a number under its minimum', z.number().min(0.01), 0, 'O valor mínimo é 0,01.'],
    [
      'a number not under its limit',
      z.number().lt(1000000),
      1000000,
      'O valor deve ser menor que 1.000.000.',
    ],
    ['a number not over its limit', z.number().gt(0), 0, 'O valor deve ser maior que 0.'],
    ['an integer over its maximum', z.int().max(2147483647), 2147483648, 'O valor máximo é 2.147.483.647.'],
  ])('%s', (_case, schema, input, message) => {
    expect(messageOf(schema, input)).toBe(message);
  });

  it("keeps zod's Portuguese for what it does not say plainly, and a schema's own message", () => {
    expect(messageOf(z.enum(['A', 'P']), 'X')).toBe(
      'Opção inválida: esperava uma das seguintes opções: "A"|"P"',
    );
    expect(messageOf(z.string().max(3, 'No máximo 3.'), 'abcd')).toBe('No máximo 3.');
  });
});
