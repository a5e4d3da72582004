import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import { type FirstAccessInput, firstAccessSchema } from './first-access';

const validateFirstAccess = (input: FirstAccessInput) => firstIssue(firstAccessSchema, input);

const valid = {
  cpfCnpj: '11144477735',
  dataNascimento: '29/02/1992',
  telefone: '(11) 98765-4321',
  email: 'ana@example.com',
  nome: 'Ana Souza',
  sexo: '',
} as const;

describe('firstAccessSchema (spec 000 §5, in order)', () => {
  it('accepts a complete form', () => expect(validateFirstAccess(valid).ok).toBe(true));

  it.each([
    [{ dataNascimento: '31/04/1990' }, 'Digite sua data de nascimento'],
    [{ dataNascimento: '29/02/1993' }, 'Digite sua data de nascimento'],
    // Under 18 or not born yet: the login would refuse it (a child's date, five years before today, is one).
    [{ dataNascimento: `01/01/${new Date().getFullYear() - 5}` }, 'Digite sua data de nascimento'],
    [{ dataNascimento: '01/01/2099' }, 'Digite sua data de nascimento'],
    [{ telefone: '(11) 9876-543' }, 'Digite um celular válido'],
    [{ email: 'ana@' }, 'Digite um e-mail válido'],
    [{ nome: 'Ana' }, 'Digite seu nome completo'],
  ])('%o -> %s', (override, message) => {
    expect(validateFirstAccess({ ...valid, ...override })).toMatchObject({ ok: false, message });
  });

  it('lists every failure in the spec order; the first is the one reported', () => {
    const result = firstAccessSchema.safeParse({
      ...valid,
      dataNascimento: '',
      telefone: '',
      email: '',
      nome: '',
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      'dataNascimento',
      'telefone',
      'email',
      'nome',
    ]);
    expect(
      validateFirstAccess({ ...valid, dataNascimento: '', telefone: '', email: '', nome: '' }),
    ).toMatchObject({ ok: false, field: 'dataNascimento' });
    expect(validateFirstAccess({ ...valid, telefone: '', email: '', nome: '' })).toMatchObject({
      ok: false,
      field: 'telefone',
    });
  });

  it('does not ask a company for a birth date', () => {
    expect(validateFirstAccess({ ...valid, cpfCnpj: '12ABC34501DE35', dataNascimento: '' }).ok).toBe(true);
  });
});
