import { describe, expect, it } from 'vitest';
import { findCreditorPlan } from '../creditor/plans';
import { formErrors } from '../validation/schema-errors';
import {
  type CreditorUserData,
  creditorDatabaseName,
  creditorPlanChoiceSchema,
  creditorSignUpPayload,
  creditorUserDataSchema,
  isStrongCreditorPassword,
  parseCreditorSignUpPayload,
} from './creditor-sign-up-form';

const errorsOf = (input: CreditorUserData) => formErrors(creditorUserDataSchema, input);

const data: CreditorUserData = {
  razaoSocial: 'Alfa Cobranças Ltda',
  nomeContato: 'Ana Souza',
  usuario: 'Ana.Souza',
  senha: 'Segura1',
  email: 'ana@alfa.com.br',
};

describe('creditorUserDataSchema (spec 002 §5 "Creditor sign-up")', () => {
  it('accepts complete user data', () => expect(errorsOf(data)).toEqual({}));

  it.each([
    { field: 'razaoSocial', value: '', message: 'O campo razão social é obrigatório' },
    { field: 'razaoSocial', value: '!!! ---', message: 'A razão social deve conter letras ou números.' },
    { field: 'nomeContato', value: '  ', message: 'O campo nome do contato é obrigatório' },
    { field: 'usuario', value: '', message: 'O campo usuário é obrigatório' },
    {
      field: 'usuario',
      value: 'ana souza',
      message:
        'O usuário deve ter de 3 a 60 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
    },
    {
      field: 'usuario',
      value: 'an',
      message:
        'O usuário deve ter de 3 a 60 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
    },
    { field: 'senha', value: '', message: 'O campo senha é obrigatório' },
    {
      field: 'senha',
      value: 'Ab1',
      message: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.',
    },
    {
      field: 'senha',
      value: 'segura1',
      message: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.',
    },
    {
      field: 'senha',
      value: 'SEGURA1',
      message: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.',
    },
    {
      field: 'senha',
      value: 'Segura',
      message: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.',
    },
    {
      field: 'senha',
      value: `Aa1${'x'.repeat(126)}`,
      message: 'O campo senha deve ter no máximo 128 caracteres.',
    },
    { field: 'email', value: '', message: 'O campo e-mail é obrigatório' },
    { field: 'email', value: 'ana@', message: 'Digite um e-mail válido' },
  ])('$field "$value": $message', ({ field, value, message }) => {
    expect(errorsOf({ ...data, [field]: value })).toEqual({ [field]: message });
  });

  it('marks every empty field at once, in form order', () => {
    const empty = { razaoSocial: '', nomeContato: '', usuario: '', senha: '', email: '' };
    expect(Object.keys(errorsOf(empty))).toEqual(['razaoSocial', 'nomeContato', 'usuario', 'senha', 'email']);
  });

  it.each([
    ['Aa1aaa', true],
    ['Ça1aaa', true],
    ['aaaaaa', false],
  ])('password %s strong: %s', (password, strong) => expect(isStrongCreditorPassword(password)).toBe(strong));
});

describe('plan choice', () => {
  it.each([
    [null, 'É necessário selecionar um plano antes de prosseguir.'],
    [3, 'É necessário selecionar um plano antes de prosseguir.'],
    [1, undefined],
    [2, undefined],
  ])('%s -> %s', (code, message) => expect(formErrors(creditorPlanChoiceSchema, code)._).toBe(message));
});

describe('creditorDatabaseName (emp_nome_banco: lower-cased, no spaces, a safe identifier)', () => {
  it.each([
    ['Alfa Cobranças Ltda', 'alfacobrancasltda'],
    ['  São João & Cia. - ME ', 'saojoaociame'],
    ['123 Recupera', 'emp123recupera'],
    ['Ação', 'acao'],
    ["O'Brien; DROP TABLE x", 'obriendroptablex'],
    ['---', ''],
    ['a'.repeat(80), 'a'.repeat(63)],
  ])('%s -> %s', (name, expected) => expect(creditorDatabaseName(name)).toBe(expected));
});

describe('cadastrarCliente payload (spec 002 §3)', () => {
  const plan = findCreditorPlan(2)!;

  it('is built from the user data and the plan with the fixed values', () => {
    expect(creditorSignUpPayload(data, plan, 'lead-code')).toEqual({
      emp_nome_banco: 'alfacobrancasltda',
      emp_nome: 'Alfa Cobranças Ltda',
      usu_nome: 'Ana Souza',
      usu_email: 'ana@alfa.com.br',
      emp_usuario_banco: 'ana.souza',
      emp_senha_banco: 'Segura1',
      usu_login: 'ana.souza',
      usu_senha: 'Segura1',
      emp_numero_usuarios: 1,
      emp_cobranca_prospeccao: 'cobranca',
      emp_usa_site: 'S',
      pla_codigo: 2,
      codigo: 'lead-code',
    });
    expect(creditorSignUpPayload(data, findCreditorPlan(1)!).emp_usa_site).toBe('N');
  });

  const asText = (payload: object) =>
    Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)]));

  it('reads back what the wizard sends', () => {
    const result = parseCreditorSignUpPayload(asText(creditorSignUpPayload(data, plan)));
    expect(result).toEqual({
      ok: true,
      signUp: {
        databaseName: 'alfacobrancasltda',
        companyName: 'Alfa Cobranças Ltda',
        userName: 'Ana Souza',
        userEmail: 'ana@alfa.com.br',
        login: 'ana.souza',
        password: 'Segura1',
        plan,
      },
    });
  });

  it('takes the plan from emp_usa_site alone, as the spec payload has it', () => {
    const { pla_codigo: _omitted, ...spec } = asText(creditorSignUpPayload(data, findCreditorPlan(1)!));
    const result = parseCreditorSignUpPayload(spec);
    expect(result.ok && result.signUp.plan.code).toBe(1);
  });

  it.each([
    [{ emp_nome: '' }, { emp_nome: 'O campo razão social é obrigatório' }],
    [
      { usu_senha: 'fraca', emp_senha_banco: 'fraca' },
      { usu_senha: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.' },
    ],
    [{ usu_email: 'x' }, { usu_email: 'Digite um e-mail válido' }],
    [{ pla_codigo: '9' }, { pla_codigo: 'É necessário selecionar um plano antes de prosseguir.' }],
    [
      { pla_codigo: '', emp_usa_site: '' },
      { pla_codigo: 'É necessário selecionar um plano antes de prosseguir.' },
    ],
    [
      { emp_usa_site: 'N' },
      { emp_usa_site: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
    [
      { emp_nome_banco: 'outra' },
      { emp_nome_banco: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
    [
      { emp_senha_banco: 'Outra123' },
      { emp_senha_banco: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
    [
      { emp_usuario_banco: 'outro' },
      { emp_usuario_banco: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
    [
      { emp_numero_usuarios: '5' },
      { emp_numero_usuarios: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
    [
      { emp_cobranca_prospeccao: 'prospeccao' },
      { emp_cobranca_prospeccao: 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.' },
    ],
  ])('refuses %o', (override, errors) => {
    expect(parseCreditorSignUpPayload({ ...asText(creditorSignUpPayload(data, plan)), ...override })).toEqual(
      {
        ok: false,
        errors,
      },
    );
  });
});
