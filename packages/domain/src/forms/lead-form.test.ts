import { describe, expect, it } from 'vitest';
import { formErrors } from '../validation/schema-errors';
import {
  isValidLandline,
  isValidMobile,
  LEAD_SUCCESS_MESSAGE,
  type LeadInput,
  leadFormSchema,
  leadSchema,
} from './lead-form';

const errorsOf = (input: LeadInput) => formErrors(leadSchema, input);

const valid: LeadInput = {
  nome: 'Ana Souza',
  cpf_cnpj: '52998224725',
  email: 'ana@example.com',
  cidade: 'São Paulo',
  celular: '11987654321',
  fone: '1133334444',
  loja: 'Alfa Eletro',
  valor: '1.234,56',
  valor_pode_pagar: '500,00',
  forma_pagamento: 'A',
  obs: 'Posso pagar em janeiro.',
};

describe('leadSchema (spec 002 §3 "Lead", §7 "Create lead")', () => {
  it('accepts a complete lead and unmasks documents, phones and money', () => {
    expect(leadSchema.parse(valid)).toEqual({
      name: 'Ana Souza',
      cpfCnpj: '52998224725',
      email: 'ana@example.com',
      city: 'São Paulo',
      mobile: '11987654321',
      phone: '1133334444',
      store: 'Alfa Eletro',
      amountCents: 123456,
      affordableCents: 50000,
      paymentForm: 'A',
      notes: 'Posso pagar em janeiro.',
    });
  });

  it.each([
    { cpf_cnpj: '529.982.247-25', expected: '52998224725' },
    { cpf_cnpj: '12.ABC.345/01DE-35', expected: '12ABC34501DE35' },
    { cpf_cnpj: '12abc34501de35', expected: '12ABC34501DE35' },
  ])('accepts the document $cpf_cnpj (alphanumeric CNPJ included)', ({ cpf_cnpj, expected }) => {
    const lead = leadSchema.parse({ ...valid, cpf_cnpj, celular: '(11) 98765-4321', fone: '', obs: '' });
    expect(lead).toMatchObject({ cpfCnpj: expected, mobile: '11987654321', phone: '' });
  });

  it('accepts card payment in either case', () => {
    expect(leadSchema.parse({ ...valid, forma_pagamento: 'p' }).paymentForm).toBe('P');
  });

  it.each([
    { field: 'nome', value: '', message: 'O campo nome é obrigatório' },
    { field: 'nome', value: 'Al', message: 'Por favor, digite o seu nome completo' },
    { field: 'nome', value: 'a'.repeat(121), message: 'O campo nome deve ter no máximo 120 caracteres.' },
    { field: 'cpf_cnpj', value: '', message: 'O campo CPF/CNPJ é obrigatório' },
    { field: 'cpf_cnpj', value: '52998224724', message: 'Digite um CPF ou CNPJ válido!' },
    { field: 'cpf_cnpj', value: '12ABC34501DE36', message: 'Digite um CPF ou CNPJ válido!' },
    { field: 'email', value: ' ', message: 'O campo e-mail é obrigatório' },
    { field: 'email', value: 'ana@', message: 'Digite um e-mail válido' },
    { field: 'cidade', value: '', message: 'O campo cidade é obrigatório' },
    { field: 'celular', value: '', message: 'O campo celular é obrigatório' },
    { field: 'celular', value: '1133334444', message: 'Digite um celular válido' },
    { field: 'celular', value: '119876543', message: 'Digite um celular válido' },
    { field: 'fone', value: '11987654321', message: 'Digite um telefone fixo válido' },
    { field: 'fone', value: '3333444', message: 'Digite um telefone fixo válido' },
    { field: 'loja', value: '', message: 'O campo loja é obrigatório' },
    { field: 'valor', value: '', message: 'O campo valor é obrigatório' },
    { field: 'valor', value: '0,00', message: 'Digite um valor válido.' },
    { field: 'valor', value: 'mil', message: 'Digite um valor válido.' },
    { field: 'valor', value: '-10,00', message: 'Digite um valor válido.' },
    { field: 'valor_pode_pagar', value: '', message: 'O campo valor que pode pagar é obrigatório' },
    {
      field: 'valor_pode_pagar',
      value: '2.000,00',
      message: 'O valor que pode pagar não pode ser maior que o valor da dívida.',
    },
    { field: 'forma_pagamento', value: '', message: 'O campo forma de pagamento é obrigatório' },
    {
      field: 'forma_pagamento',
      value: 'X',
      message: 'Escolha a forma de pagamento: boleto ou cartão de crédito.',
    },
    {
      field: 'obs',
      value: 'x'.repeat(1001),
      message: 'O campo observação deve ter no máximo 1000 caracteres.',
    },
  ])('$field "$value": $message', ({ field, value, message }) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('reports every invalid field at once', () => {
    const errors = errorsOf({
      ...valid,
      nome: '',
      email: 'x',
      forma_pagamento: '',
      valor_pode_pagar: '2.000,00',
    });
    expect(Object.keys(errors)).toEqual(['nome', 'email', 'forma_pagamento', 'valor_pode_pagar']);
  });

  it('has the spec success message', () => {
    expect(LEAD_SUCCESS_MESSAGE).toBe(
      'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail',
    );
  });
});

describe('leadFormSchema (the page: address block with CEP)', () => {
  const { cidade: _city, ...rest } = valid;
  const form = {
    ...rest,
    cep: '',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
  };

  it('sends the lead with the city and state as one city', () => {
    expect(leadFormSchema.parse(form)).toEqual({ ...valid, cidade: 'São Paulo/SP' });
    expect(leadFormSchema.parse({ ...form, uf: '' }).cidade).toBe('São Paulo');
  });

  it("puts the lead's messages under the page's fields, and the CEP's when one is typed but incomplete", () => {
    expect(formErrors(leadFormSchema, { ...form, cidade: '', uf: 'SP', cep: '01310-1', nome: '' })).toEqual({
      nome: 'O campo nome é obrigatório',
      cidade: 'O campo cidade é obrigatório',
      cep: 'Digite um cep válido',
    });
    expect(formErrors(leadFormSchema, { ...form, cidade: ' ', uf: '' })).toEqual({
      cidade: 'O campo cidade é obrigatório',
    });
  });
});

describe('phones', () => {
  it.each([
    ['11987654321', true],
    ['(11) 98765-4321', true],
    ['1187654321', false],
    ['01987654321', false],
    ['11a87654321', false],
  ])('mobile %s -> %s', (value, expected) => expect(isValidMobile(value)).toBe(expected));
  it.each([
    ['1133334444', true],
    ['(11) 3333-4444', true],
    ['1193334444', false],
    ['113333444', false],
  ])('landline %s -> %s', (value, expected) => expect(isValidLandline(value)).toBe(expected));
});
