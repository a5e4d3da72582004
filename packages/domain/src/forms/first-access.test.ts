import { describe, expect, it } from 'vitest';
import { validateFirstAccess } from './first-access';

const valid = {
  cpfCnpj: '11144477735',
  dataNascimento: '29/02/1992',
  telefone: '(11) 98765-4321',
  email: 'ana@example.com',
  nome: 'Ana Souza',
};

describe('validateFirstAccess (spec 000 §5, in order)', () => {
  it('accepts a complete form', () => expect(validateFirstAccess(valid)).toBeNull());

  it.each([
    [{ dataNascimento: '31/04/1990' }, 'Digite sua data de nascimento'],
    [{ dataNascimento: '29/02/1993' }, 'Digite sua data de nascimento'],
    [{ telefone: '(11) 9876-543' }, 'Digite um celular válido'],
    [{ email: 'ana@' }, 'Digite um e-mail válido'],
    [{ nome: 'Ana' }, 'Digite seu nome completo'],
  ])('%o -> %s', (override, message) => {
    expect(validateFirstAccess({ ...valid, ...override })?.message).toBe(message);
  });

  it('reports only the first failure in the spec order', () => {
    expect(
      validateFirstAccess({ ...valid, dataNascimento: '', telefone: '', email: '', nome: '' })?.field,
    ).toBe('dataNascimento');
    expect(validateFirstAccess({ ...valid, telefone: '', email: '', nome: '' })?.field).toBe('telefone');
  });

  it('does not ask a company for a birth date', () => {
    expect(validateFirstAccess({ ...valid, cpfCnpj: '12ABC34501DE35', dataNascimento: '' })).toBeNull();
  });
});
