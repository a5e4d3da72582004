import { describe, expect, it } from 'vitest';
import { formErrors } from '../validation/schema-errors';
import {
  type CreditorRegistrationInput,
  creditorRegistrationSchema,
  creditorSignUpLink,
} from './creditor-registration-form';

const errorsOf = (input: CreditorRegistrationInput) => formErrors(creditorRegistrationSchema, input);

const valid: CreditorRegistrationInput = {
  razao_social: 'Alfa Cobranças Ltda',
  cnpj: '11.222.333/0001-81',
  nome_contato: 'Ana Souza',
  telefone_cel: '(41) 98765-4321',
  telefone_fixo: '(41) 3333-4444',
  email: 'ana@alfa.com.br',
  website: 'www.alfa.com.br',
};

describe('creditorRegistrationSchema (spec 002 §5 "Public creditor registration")', () => {
  it('accepts a complete registration and unmasks the CNPJ and phones', () => {
    expect(creditorRegistrationSchema.parse(valid)).toEqual({
      companyName: 'Alfa Cobranças Ltda',
      cnpj: '11222333000181',
      contactName: 'Ana Souza',
      mobile: '41987654321',
      landline: '4133334444',
      email: 'ana@alfa.com.br',
      website: 'www.alfa.com.br',
    });
  });

  it.each([
    { cnpj: '12.ABC.345/01DE-35', expected: '12ABC34501DE35' },
    { cnpj: '12abc34501de35', expected: '12ABC34501DE35' },
  ])('accepts the alphanumeric CNPJ $cnpj, and no website nor landline', ({ cnpj, expected }) => {
    const registration = creditorRegistrationSchema.parse({ ...valid, cnpj, website: '', telefone_fixo: '' });
    expect(registration).toMatchObject({ cnpj: expected, landline: '', website: '' });
  });

  it.each([
    { field: 'razao_social', value: ' ', message: 'O campo razão social é obrigatório' },
    {
      field: 'razao_social',
      value: 'a'.repeat(121),
      message: 'O campo razão social deve ter no máximo 120 caracteres.',
    },
    { field: 'cnpj', value: '', message: 'O campo CNPJ é obrigatório' },
    { field: 'cnpj', value: '11.222.333/0001-82', message: 'Digite um CNPJ válido' },
    { field: 'cnpj', value: '529.982.247-25', message: 'Digite um CNPJ válido' },
    { field: 'cnpj', value: '12ABC34501DE36', message: 'Digite um CNPJ válido' },
    { field: 'nome_contato', value: '', message: 'O campo nome do contato é obrigatório' },
    { field: 'telefone_cel', value: '', message: 'O campo celular é obrigatório' },
    { field: 'telefone_cel', value: '(41) 98765-432', message: 'Digite um celular válido' },
    { field: 'telefone_cel', value: '(41) 3333-4444', message: 'Digite um celular válido' },
    { field: 'telefone_fixo', value: '(41) 3333', message: 'Digite um telefone fixo válido' },
    { field: 'telefone_fixo', value: '(41) 98765-4321', message: 'Digite um telefone fixo válido' },
    { field: 'email', value: '', message: 'O campo e-mail é obrigatório' },
    { field: 'email', value: 'ana@alfa', message: 'Digite um e-mail válido' },
    { field: 'website', value: 'alfa', message: 'Digite um site válido, como www.suaempresa.com.br' },
    {
      field: 'website',
      value: 'javascript:alert(1)',
      message: 'Digite um site válido, como www.suaempresa.com.br',
    },
  ])('$field "$value": $message', ({ field, value, message }) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it.each(['https://alfa.com.br/contato', 'http://www.alfa.com', 'alfa.com.br'])(
    'accepts the site %s',
    (website) => {
      expect(errorsOf({ ...valid, website })).toEqual({});
    },
  );

  it('reports every invalid field at once', () => {
    const errors = errorsOf({ ...valid, razao_social: '', cnpj: '1', email: '' });
    expect(Object.keys(errors)).toEqual(['razao_social', 'cnpj', 'email']);
  });
});

describe('creditorSignUpLink (spec 002 §2: seja-parceiro becomes cadastre-sua-empresa)', () => {
  it.each([
    [
      'http://demo.portal.localhost:3000',
      'abc_-1',
      'http://demo.portal.localhost:3000/cadastre-sua-empresa/abc_-1',
    ],
    ['https://acme.example.com/', 'x', 'https://acme.example.com/cadastre-sua-empresa/x'],
  ])('%s + %s', (base, code, link) => expect(creditorSignUpLink(base, code)).toBe(link));
});
