// Creditor sign-up wizard (spec 002 §2 "Creditor sign-up wizard", §3 "Sign-up user data" and "Creditor registration
// payload", §4, §5 "Creditor sign-up", §8). Step 1 is the user data, step 2 the plan; the browser builds the
// cadastrarCliente payload with creditorSignUpPayload and the server reads it back with parseCreditorSignUpPayload,
// so both apply the same rules.
import { z } from 'zod';
import { type CreditorPlan, creditorPlanForUsesPortal, findCreditorPlan } from '../creditor/plans';
import { isValidEmail } from '../validation/email';
import { formErrors } from '../validation/schema-errors';
import { LEAD_MESSAGES } from './lead-form';

/** Step 1 'Dados do Usuário' (spec 002 §3 "Sign-up user data"). */
export interface CreditorUserData {
  razaoSocial: string;
  nomeContato: string;
  usuario: string;
  senha: string;
  email: string;
}

export type CreditorUserField = keyof CreditorUserData;
export type CreditorSignUpField = CreditorUserField | 'plano';
export type CreditorSignUpErrors = Partial<Record<CreditorSignUpField, string>>;

export const CREDITOR_SIGN_UP_STEPS = ['Dados do Usuário', 'Plano Empresa'] as const;

export const CREDITOR_SIGN_UP_LIMITS = {
  textMax: 120,
  loginMin: 3,
  loginMax: 60,
  passwordMin: 6,
  passwordMax: 128,
  databaseNameMax: 63,
} as const;

// Spec 002 §8 "Sign-up", verbatim; the login and company-name texts are ours, in the same voice.
export const CREDITOR_SIGN_UP_MESSAGES = {
  required: LEAD_MESSAGES.required,
  tooLong: LEAD_MESSAGES.tooLong,
  email: LEAD_MESSAGES.email,
  password: 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.',
  plan: 'É necessário selecionar um plano antes de prosseguir.',
  login: 'O usuário deve ter de 3 a 60 caracteres: letras sem acento, números, ponto, hífen ou sublinhado.',
  companyName: 'A razão social deve conter letras ou números.',
  loginTaken: 'Este usuário já está em uso. Escolha outro usuário.',
  companyTaken: 'Já existe uma empresa cadastrada com esta razão social.',
} as const;

/** Spec 002 §4: the success modal after cadastrarCliente. */
export const CREDITOR_SIGN_UP_SUCCESS = {
  title: 'Cadastrado com sucesso',
  text: 'Acesse a área do credor com o usuário e a senha que você cadastrou para começar a usar o sistema.',
} as const;

/** What a person reads when cadastrarCliente could not be reached or failed unexpectedly. */
export const CREDITOR_SIGN_UP_FAILURE =
  'Não foi possível concluir o cadastro agora. Tente novamente em alguns minutos.';

export const CREDITOR_SIGN_UP_LABELS: Record<CreditorSignUpField, string> = {
  razaoSocial: 'razão social',
  nomeContato: 'nome do contato',
  usuario: 'usuário',
  senha: 'senha',
  email: 'e-mail',
  plano: 'plano',
};

const length = (s: string) => Array.from(s).length;
const LOGIN = /^[a-z0-9][a-z0-9._-]*$/;

/** Spec 002 §5: at least 6 characters with a lower-case letter, an upper-case letter and a digit. */
export function isStrongCreditorPassword(password: string): boolean {
  return (
    length(password) >= CREDITOR_SIGN_UP_LIMITS.passwordMin &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\d/.test(password)
  );
}

/** Logins are kept lower-case and without surrounding spaces, so 'Ana' and 'ana ' are the same user. */
export function normalizeCreditorLogin(login: string): string {
  return login.trim().toLowerCase();
}

/**
 * emp_nome_banco (spec 002 §3: the company name lower-cased with spaces removed), made a safe identifier: accents
 * dropped (ç -> c), anything but a-z and 0-9 removed, 'emp' in front when it would start with a digit, at most 63
 * characters (PostgreSQL's identifier limit). Empty when the name has no letter or digit at all.
 */
export function creditorDatabaseName(companyName: string): string {
  const plain = companyName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (plain === '') return '';
  return (/^\d/.test(plain) ? `emp${plain}` : plain).slice(0, CREDITOR_SIGN_UP_LIMITS.databaseNameMax);
}

const M = CREDITOR_SIGN_UP_MESSAGES;
const { textMax, loginMin, loginMax, passwordMax } = CREDITOR_SIGN_UP_LIMITS;
const required = (field: CreditorUserField) =>
  z.string().refine((value) => value.trim() !== '', M.required(CREDITOR_SIGN_UP_LABELS[field]));
/** The refinement 'at most `max` characters' of a field, measured on `clean(value)` (trimmed unless told). */
const notLonger = (field: CreditorUserField, max: number, clean = (value: string) => value.trim()) =>
  [(value: string) => length(clean(value)) <= max, M.tooLong(CREDITOR_SIGN_UP_LABELS[field], max)] as const;

/**
 * Step 1 'Dados do Usuário' (spec 002 §4, §5), in the browser and on the server: one message per invalid field, in
 * the spec's order. The values stay as typed (creditorSignUpPayload trims them; the password is taken as typed).
 */
export const creditorUserDataSchema = z.object({
  razaoSocial: required('razaoSocial')
    .refine(...notLonger('razaoSocial', textMax))
    .refine((name) => creditorDatabaseName(name.trim()) !== '', M.companyName),
  nomeContato: required('nomeContato').refine(...notLonger('nomeContato', textMax)),
  usuario: required('usuario').refine((typed) => {
    const login = normalizeCreditorLogin(typed);
    return length(login) >= loginMin && length(login) <= loginMax && LOGIN.test(login);
  }, M.login),
  // The password is taken as typed: spaces are characters of it.
  senha: required('senha')
    .refine(...notLonger('senha', passwordMax, (value) => value))
    .refine(isStrongCreditorPassword, M.password),
  email: required('email').refine((email) => isValidEmail(email.trim()), M.email),
});

/** Step 2 'Plano Empresa': one of the plans, chosen (null until then). */
export const creditorPlanChoiceSchema = z
  .number()
  .nullable()
  .refine((code) => code !== null && findCreditorPlan(code) !== undefined, M.plan);

/** The whole wizard: step 1's data and step 2's plan. */
export const creditorSignUpSchema = creditorUserDataSchema.extend({ plano: creditorPlanChoiceSchema });

/** The cadastrarCliente body of spec 002 §3, plus pla_codigo (the plan chosen) and codigo (the lead, if any). */
export interface CreditorSignUpPayload {
  emp_nome_banco: string;
  emp_nome: string;
  usu_nome: string;
  usu_email: string;
  emp_usuario_banco: string;
  emp_senha_banco: string;
  usu_login: string;
  usu_senha: string;
  emp_numero_usuarios: number;
  emp_cobranca_prospeccao: 'cobranca';
  emp_usa_site: 'S' | 'N';
  pla_codigo: number;
  codigo?: string;
}

/** Spec 002 §3 fixed values: one user, a collection (not prospection) company. */
export const CREDITOR_SIGN_UP_FIXED = { userCount: 1, businessKind: 'cobranca' } as const;

export function creditorSignUpPayload(
  data: CreditorUserData,
  plan: CreditorPlan,
  leadCode?: string,
): CreditorSignUpPayload {
  const login = normalizeCreditorLogin(data.usuario);
  return {
    emp_nome_banco: creditorDatabaseName(data.razaoSocial),
    emp_nome: data.razaoSocial.trim(),
    usu_nome: data.nomeContato.trim(),
    usu_email: data.email.trim(),
    emp_usuario_banco: login,
    emp_senha_banco: data.senha,
    usu_login: login,
    usu_senha: data.senha,
    emp_numero_usuarios: CREDITOR_SIGN_UP_FIXED.userCount,
    emp_cobranca_prospeccao: CREDITOR_SIGN_UP_FIXED.businessKind,
    emp_usa_site: plan.usesPortal,
    pla_codigo: plan.code,
    ...(leadCode ? { codigo: leadCode } : {}),
  };
}

/** A sign-up the server may store: names trimmed, login lower-cased, the plan resolved. */
export interface CreditorSignUp {
  databaseName: string;
  companyName: string;
  userName: string;
  userEmail: string;
  login: string;
  password: string;
  plan: CreditorPlan;
}

/** Payload field -> the wizard field its message belongs to. */
export const CREDITOR_SIGN_UP_PAYLOAD_FIELDS = {
  emp_nome: 'razaoSocial',
  usu_nome: 'nomeContato',
  usu_login: 'usuario',
  usu_senha: 'senha',
  usu_email: 'email',
  pla_codigo: 'plano',
} as const satisfies Partial<Record<keyof CreditorSignUpPayload, CreditorSignUpField>>;

/**
 * A login or company name already taken, as cadastrarCliente's `dados`: the message under the payload field it
 * belongs to, so the wizard shows it under that field on its step (the same shape as a 400's field messages).
 */
export const CREDITOR_SIGN_UP_TAKEN = {
  login: { usu_login: CREDITOR_SIGN_UP_MESSAGES.loginTaken },
  company: { emp_nome: CREDITOR_SIGN_UP_MESSAGES.companyTaken },
} as const satisfies Record<string, PayloadText>;

/** Message for a payload whose derived or fixed values disagree with what the rules give (not from the wizard). */
export const CREDITOR_SIGN_UP_INCONSISTENT =
  'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.';

type PayloadText = Partial<Record<keyof CreditorSignUpPayload, string>>;

/**
 * The server's reading of cadastrarCliente: the wizard's rules on the payload (messages keyed by payload field),
 * then the derived and fixed values checked against the rules rather than trusted: emp_nome_banco from emp_nome,
 * the bank user and password equal to the login and password, one user, 'cobranca', emp_usa_site of the plan. The
 * plan comes from pla_codigo, or from emp_usa_site alone (each plan has its own flag), as the spec payload has it.
 */
export function parseCreditorSignUpPayload(
  payload: PayloadText,
): { ok: true; signUp: CreditorSignUp } | { ok: false; errors: PayloadText } {
  const text = (key: keyof CreditorSignUpPayload) => payload[key] ?? '';
  const data: CreditorUserData = {
    razaoSocial: text('emp_nome'),
    nomeContato: text('usu_nome'),
    usuario: text('usu_login'),
    senha: text('usu_senha'),
    email: text('usu_email'),
  };
  const userErrors: CreditorSignUpErrors = formErrors(creditorUserDataSchema, data);
  const errors: PayloadText = {};
  for (const [key, field] of Object.entries(CREDITOR_SIGN_UP_PAYLOAD_FIELDS) as [
    keyof typeof CREDITOR_SIGN_UP_PAYLOAD_FIELDS,
    CreditorSignUpField,
  ][]) {
    if (userErrors[field]) errors[key] = userErrors[field];
  }

  const usesPortal = text('emp_usa_site').trim().toUpperCase();
  const planCode = text('pla_codigo').trim();
  const plan = planCode ? findCreditorPlan(Number(planCode)) : creditorPlanForUsesPortal(usesPortal);
  if (!plan) errors.pla_codigo = CREDITOR_SIGN_UP_MESSAGES.plan;
  else if (usesPortal !== '' && usesPortal !== plan.usesPortal)
    errors.emp_usa_site = CREDITOR_SIGN_UP_INCONSISTENT;

  const login = normalizeCreditorLogin(data.usuario);
  const databaseName = creditorDatabaseName(data.razaoSocial);
  // A derived value is compared only when its source is valid, so one mistake gives one message.
  const mustEqual = (key: keyof CreditorSignUpPayload, expected: string, given = text(key).trim()) => {
    if (given !== '' && given !== expected) errors[key] = CREDITOR_SIGN_UP_INCONSISTENT;
  };
  if (!errors.emp_nome) mustEqual('emp_nome_banco', databaseName);
  if (!errors.usu_login)
    mustEqual('emp_usuario_banco', login, normalizeCreditorLogin(text('emp_usuario_banco')));
  if (!errors.usu_senha) mustEqual('emp_senha_banco', data.senha, text('emp_senha_banco'));
  mustEqual('emp_numero_usuarios', String(CREDITOR_SIGN_UP_FIXED.userCount));
  mustEqual('emp_cobranca_prospeccao', CREDITOR_SIGN_UP_FIXED.businessKind);

  if (Object.keys(errors).length > 0 || !plan) return { ok: false, errors };
  return {
    ok: true,
    signUp: {
      databaseName,
      companyName: data.razaoSocial.trim(),
      userName: data.nomeContato.trim(),
      userEmail: data.email.trim(),
      login,
      password: data.senha,
      plan,
    },
  };
}
