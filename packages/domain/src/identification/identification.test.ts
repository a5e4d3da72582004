import { describe, expect, it } from 'vitest';
import { INVALID_DOCUMENT_MESSAGE } from '../document/cpf-cnpj';
import { firstIssue, formErrors } from '../validation/schema-errors';
import {
  INVALID_LOGIN_PHONE,
  isValidLoginPhone,
  isValidTokenInput,
  LOGIN_AGREEMENT_REQUIRED,
  LOGIN_ERRORS,
  LOGIN_TEXTS,
  loginAgreementText,
  loginSchema,
  loginValidation,
  NEW_PHONE_MESSAGES,
  newPhoneSchema,
  PHONE_RESET_MESSAGES,
  PHONE_UPDATED,
  phoneResetSchema,
  TOKEN_MESSAGES,
} from './identification';

const validateNewPhone = (pef_fone: string, confirmacao: string) =>
  firstIssue(newPhoneSchema, { pef_fone, confirmacao });

describe('identification texts are verbatim (spec 000 §2, §5, §8)', () => {
  it.each<[string, unknown, unknown]>([
    ['subtitle', LOGIN_TEXTS.subtitle, 'Confirme os seus dados para fazer seu login.'],
    [
      'robot subtitle',
      LOGIN_TEXTS.subtitleRobotOnly,
      'Confirme que você não é um robô para fazer seu login.',
    ],
    ['loading', LOGIN_TEXTS.loading, 'Confirmando os seus dados'],
    ['birth date', LOGIN_TEXTS.invalidBirthDate, 'Insira uma data de nascimento válida.'],
    ['robot check', LOGIN_TEXTS.robotCheckRequired, 'Conclua a verificação de segurança'],
    ['phone', INVALID_LOGIN_PHONE, { title: 'Por favor', text: 'Insira um telefone válido.' }],
    [
      'wrong birth date',
      LOGIN_ERRORS.wrongBirthDate,
      {
        title: 'Data de nascimento incorreta',
        text: 'Data de nascimento informada não condiz com a data do seu cadastro.',
      },
    ],
    [
      'wrong phone',
      LOGIN_ERRORS.wrongPhone,
      { title: 'Telefone incorreto', text: 'Telefone informada não condiz com o telefone do seu cadastro.' },
    ],
    [
      'registration disabled',
      LOGIN_ERRORS.registrationDisabled,
      {
        title: 'Usuario não encontrado',
        text: 'Você não possui nenhuma dívida ou acordo cadastrado em nosso banco de dados.',
      },
    ],
    [
      'network',
      LOGIN_ERRORS.network,
      { title: 'Erro', text: 'Não foi possível achar seu CPF em nossos registros!' },
    ],
    ['token length', TOKEN_MESSAGES.length, 'Por favor digitar um número de token de 6 dígitos'],
    [
      'token invalid',
      TOKEN_MESSAGES.invalid,
      'Token informado inválido. Por favor verificar o número do token que você recebeu por SMS.',
    ],
    ['reset not found', PHONE_RESET_MESSAGES.notFound, 'CPF/CNPJ não encontrado.'],
    [
      'new phone mismatch',
      NEW_PHONE_MESSAGES.mismatch,
      'Os dois telefones informados são diferentes. Tente novamente.',
    ],
    ['phone updated', PHONE_UPDATED, { title: 'Sucesso', text: 'Operação realizada com sucesso' }],
  ])('%s', (_name, actual, expected) => expect(actual).toEqual(expected));
});

describe('loginValidation (spec 000 §5)', () => {
  it.each([
    [undefined, { birthDate: true, phone: false, agreement: true }],
    [{}, { birthDate: true, phone: false, agreement: true }],
    [{ flgValidarDataNasc: false }, { birthDate: false, phone: false, agreement: true }],
    [
      { flgValidarDataNasc: true, flgValidarTelefone: true },
      { birthDate: true, phone: true, agreement: true },
    ],
    [
      { flgValidarDataNasc: false, flgValidarTelefone: true },
      { birthDate: false, phone: true, agreement: true },
    ],
    [{ flgNaoUtilizaLGPD: true }, { birthDate: true, phone: false, agreement: false }],
  ])('%o -> %o', (settings, expected) => expect(loginValidation(settings, '52998224725')).toEqual(expected));

  it('asks a company (CNPJ) for no birth date', () => {
    expect(loginValidation({ flgValidarDataNasc: true }, '11222333000181').birthDate).toBe(false);
  });
});

describe('isValidLoginPhone: more than 9 characters', () => {
  it.each([
    ['', false],
    ['(11) 9876', false],
    ['(11) 98765', true],
    ['(11) 3333-4444', true],
  ])('%s -> %s', (phone, expected) => expect(isValidLoginPhone(phone)).toBe(expected));
});

describe('loginAgreementText', () => {
  it('names the data the partner validates', () => {
    expect(loginAgreementText('Acme', { birthDate: true, phone: true })).toBe(
      'Autorizo Acme a utilizar meu CPF, data de nascimento e telefone para buscar dívidas em meu nome.',
    );
    expect(loginAgreementText('Acme', { birthDate: false, phone: true })).toBe(
      'Autorizo Acme a utilizar meu CPF e telefone para buscar dívidas em meu nome.',
    );
    expect(loginAgreementText('Acme', { birthDate: false, phone: false })).toBe(
      'Autorizo Acme a utilizar meu CPF para buscar dívidas em meu nome.',
    );
  });

  it('drops the birth-date and phone wording when plain', () => {
    expect(loginAgreementText('Acme', { birthDate: true, phone: true }, true)).toBe(
      'Autorizo Acme a utilizar meu CPF para buscar dívidas em meu nome.',
    );
  });
});

describe('token input', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('%s -> %s', (token, expected) => expect(isValidTokenInput(token)).toBe(expected));
});

describe('newPhoneSchema (spec 000 §5 "New phone")', () => {
  it.each([
    ['', '', 'pef_fone', NEW_PHONE_MESSAGES.required],
    ['(11) 9876-5432', '(11) 9876-5432', 'pef_fone', NEW_PHONE_MESSAGES.notMobile],
    ['(11) 98765-4321', '', 'confirmacao', NEW_PHONE_MESSAGES.confirmationRequired],
    ['(11) 98765-4321', '(11) 98765-4322', 'confirmacao', NEW_PHONE_MESSAGES.mismatch],
  ])('%s / %s -> %s', (phone, confirmation, field, message) => {
    expect(validateNewPhone(phone, confirmation)).toEqual({ ok: false, field, message });
  });

  it('accepts two equal phones, masked or not', () => {
    expect(validateNewPhone('(11) 98765-4321', '11987654321').ok).toBe(true);
  });
});

describe('phoneResetSchema (spec 000 §5 phone reset)', () => {
  it.each([
    ['111.444.777-35', null],
    ['111.444.777-36', 'pesCpfCnpj'],
    ['', 'pesCpfCnpj'],
    // An invalid CNPJ is refused by the form as a whole: no message under the field.
    ['11.222.333/0001-80', ''],
  ])('%s -> %s', (pesCpfCnpj, field) => {
    const failure = firstIssue(phoneResetSchema, { pesCpfCnpj });
    expect(failure.ok ? null : failure.field).toBe(field);
    if (!failure.ok) expect(failure.message).toBe(INVALID_DOCUMENT_MESSAGE);
  });
});

describe('loginSchema (spec 000 §5 login)', () => {
  const both = loginSchema({ birthDate: true, phone: true, agreement: true });
  const errors = (input: Parameters<typeof both.parse>[0]) => formErrors(both, input);

  it('asks only what the partner validates, and the agreement unless the partner turned it off', () => {
    const none = { birthDate: false, phone: false };
    expect(formErrors(loginSchema({ ...none, agreement: true }), { aceite: true })).toEqual({});
    expect(formErrors(loginSchema({ ...none, agreement: true }), { aceite: false })).toEqual({
      aceite: LOGIN_AGREEMENT_REQUIRED,
    });
    expect(formErrors(loginSchema({ ...none, agreement: false }), { aceite: false })).toEqual({});
  });

  it('names every failing field', () => {
    expect(errors({ dataNascimento: '', telefone: '1198', aceite: true })).toEqual({
      dataNascimento: LOGIN_TEXTS.invalidBirthDate,
      telefone: INVALID_LOGIN_PHONE.text,
    });
  });

  it('takes an adult birth date and a phone of more than 9 characters, masked or digits', () => {
    expect(errors({ dataNascimento: '16/05/1990', telefone: '(11) 98765', aceite: true })).toEqual({});
    expect(errors({ dataNascimento: '16/05/1990', telefone: '1198765432', aceite: true })).toEqual({});
    expect(errors({ dataNascimento: '31/02/1990', telefone: '1198765432', aceite: true })).toEqual({
      dataNascimento: LOGIN_TEXTS.invalidBirthDate,
    });
  });

  it('is built once per combination', () => {
    expect(loginSchema({ birthDate: true, phone: true, agreement: true })).toBe(both);
  });
});
