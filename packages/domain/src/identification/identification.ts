// Identification texts and rules shared by the browser and the server: login (ConfirmBirthday and the landing
// login panel), first access (ConfirmUser), the SMS token and the phone reset. Texts verbatim from spec 000 §2,
// §4, §5 and §8; limits from §9.
import { z } from 'zod';
import { isAdult, parseBrDate, todayInBrasilia } from '../dates';
import { documentKind, INVALID_DOCUMENT_MESSAGE, isValidCpfCnpj } from '../document/cpf-cnpj';
import { onlyDigits } from '../masks';

/** A modal's title and text. */
export interface TitledMessage {
  readonly title: string;
  readonly text: string;
}

// ---- Login (spec 000 §2 ConfirmBirthday, §4 Login, §5 Login and login panel, §8) ------------------------------

export const LOGIN_TEXTS = {
  subtitle: 'Confirme os seus dados para fazer seu login.',
  subtitleRobotOnly: 'Confirme que você não é um robô para fazer seu login.',
  submit: 'Entrar',
  forgotPhone: 'Esqueceu o seu telefone?',
  loading: 'Confirmando os seus dados',
  invalidBirthDate: 'Insira uma data de nascimento válida.',
  robotCheckRequired: 'Conclua a verificação de segurança',
} as const;

// Spec 000 §5: phone required when flgValidarTelefone is on; empty or 9 characters or fewer is invalid.
export const INVALID_LOGIN_PHONE: TitledMessage = { title: 'Por favor', text: 'Insira um telefone válido.' };

/** Spec 000 §9: the login phone must have more than 9 characters (as typed, with its mask). */
export const LOGIN_PHONE_MIN_EXCLUSIVE = 9;

export function isValidLoginPhone(masked: string): boolean {
  return masked.trim().length > LOGIN_PHONE_MIN_EXCLUSIVE;
}

// Messages of the first-step consultation (`negociacao_robo/passo_1`) the login reacts to (spec 000 §4, §8).
export const LOOKUP_NOT_FOUND = 'CPF/CNPJ não encontrado!';
export const LOOKUP_WRONG_BIRTH_DATE = 'Erro ao consultar o usuário! 1';
export const LOOKUP_WRONG_PHONE = 'Erro ao consultar o usuário! 2';

export const LOGIN_ERRORS = {
  wrongBirthDate: {
    title: 'Data de nascimento incorreta',
    text: 'Data de nascimento informada não condiz com a data do seu cadastro.',
  },
  wrongPhone: {
    title: 'Telefone incorreto',
    text: 'Telefone informada não condiz com o telefone do seu cadastro.',
  },
  registrationDisabled: {
    title: 'Usuario não encontrado',
    text: 'Você não possui nenhuma dívida ou acordo cadastrado em nosso banco de dados.',
  },
  unexpectedData: { title: 'Erro', text: 'Ocorreu um erro ao tentar encontrar o seu CPF' },
  network: { title: 'Erro', text: 'Não foi possível achar seu CPF em nossos registros!' },
} as const satisfies Record<string, TitledMessage>;

/** Spec 000 §8 "Any other failure": title 'Erro' with the server message. */
export const GENERIC_ERROR_TITLE = 'Erro';

/** The answer (401) of a debtor call whose session is over: expired, cleared, or closed in another tab. */
export const SESSION_EXPIRED = 'Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.';

export interface LoginValidation {
  /** Birth date asked: flgValidarDataNasc on or absent, and the document is not a company's (CNPJ). */
  birthDate: boolean;
  /** Phone asked (flgValidarTelefone on). */
  phone: boolean;
  /** The LGPD agreement box asked: unless flgNaoUtilizaLGPD (spec 000 §3, 'Não usar o aceite da LGPD') is on. */
  agreement: boolean;
}

/**
 * Spec 000 §5: which of birth date and phone the partner's confirmBirthday settings ask for. The birth date is
 * required "when flgValidarDataNasc is on or the configuration is absent" (an absent group or an absent flag);
 * a company (CNPJ) has no birth date, like on first access. The agreement is asked unless the partner turned it off.
 */
export function loginValidation(
  confirmBirthday:
    | { flgValidarDataNasc?: boolean; flgValidarTelefone?: boolean; flgNaoUtilizaLGPD?: boolean }
    | undefined,
  cpfCnpj = '',
): LoginValidation {
  return {
    birthDate: confirmBirthday?.flgValidarDataNasc !== false && documentKind(cpfCnpj) !== 'cnpj',
    phone: confirmBirthday?.flgValidarTelefone === true,
    agreement: confirmBirthday?.flgNaoUtilizaLGPD !== true,
  };
}

export const LOGIN_AGREEMENT_REQUIRED = 'Marque a caixa de autorização para continuar.';

const loginSchemas = new Map<string, z.ZodType<LoginInput, LoginInput>>();

export interface LoginInput {
  /** Shown read-only by the form; checked as a document before these rules. */
  pesCpfCnpj?: string | undefined;
  /** dd/mm/aaaa; sent only when asked. */
  dataNascimento?: string | undefined;
  /** As typed in the browser (masked), digits on the wire; sent only when asked. */
  telefone?: string | undefined;
  aceite: boolean;
}

/**
 * Spec 000 §5 login rules for what the partner asks (see loginValidation): a birth date of someone 18 or over, a
 * phone of more than 9 characters, and the agreement where asked. Built once per combination: a zod schema compiles itself on
 * its first parse. The date is checked against today in Brasília when parsed.
 */
export function loginSchema(asked: LoginValidation): z.ZodType<LoginInput, LoginInput> {
  const key = `${asked.birthDate}/${asked.phone}/${asked.agreement}`;
  const built = loginSchemas.get(key);
  if (built) return built;
  const schema = z
    .object({
      pesCpfCnpj: z.string().optional(),
      dataNascimento: z.string().optional(),
      telefone: z.string().optional(),
      aceite: z.boolean(),
    })
    .superRefine((input, context) => {
      const fail = (field: keyof LoginInput, message: string) =>
        context.addIssue({ code: 'custom', path: [field], message });
      const birthDate = parseBrDate(input.dataNascimento?.trim() ?? '');
      if (asked.birthDate && !(birthDate && isAdult(birthDate, todayInBrasilia())))
        fail('dataNascimento', LOGIN_TEXTS.invalidBirthDate);
      if (asked.phone && !isValidLoginPhone(input.telefone ?? '')) fail('telefone', INVALID_LOGIN_PHONE.text);
      if (asked.agreement && !input.aceite) fail('aceite', LOGIN_AGREEMENT_REQUIRED);
    });
  loginSchemas.set(key, schema);
  return schema;
}

/**
 * Spec 000 §2: the agreement says the user authorises the contracts' partner to use the CPF, plus birth date
 * and/or phone where those are validated, to search debts in their name; `plain` (capability
 * plainLoginAgreement) drops the birth-date and phone wording.
 */
export function loginAgreementText(
  partnerName: string,
  asked: Pick<LoginValidation, 'birthDate' | 'phone'>,
  plain = false,
): string {
  const data = ['CPF'];
  if (!plain && asked.birthDate) data.push('data de nascimento');
  if (!plain && asked.phone) data.push('telefone');
  const list = data.length === 1 ? data[0] : `${data.slice(0, -1).join(', ')} e ${data[data.length - 1]}`;
  return `Autorizo ${partnerName} a utilizar meu ${list} para buscar dívidas em meu nome.`;
}

// ---- Register and first access (spec 000 §2 Register and ConfirmUser, §4 First access, §5 First access) -----

/** Step code logged when an unknown CPF/CNPJ reaches the registration screen. */
export const REGISTER_STEP_CODE = 36;

// The validator and its messages are in forms/first-access.ts.
export const FIRST_ACCESS_TEXTS = {
  submit: 'Acessar',
  loading: 'Cadastrando o novo usuário',
} as const;

/** Spec 000 §2: sexo M Masculino, F Feminino, O Outro, empty (null) Prefiro não responder. */
export const SEX_OPTIONS = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
  { value: 'O', label: 'Outro' },
] as const;
export const SEX_NOT_INFORMED = 'Prefiro não responder';

// ---- SMS token (spec 000 §2 token screen, §4 Token screen, §5 Token, §8) --------------------------------------

export const TOKEN_LENGTH = 6;
export const TOKEN_RESEND_SECONDS = 30;

export const TOKEN_MESSAGES = {
  length: 'Por favor digitar um número de token de 6 dígitos',
  invalid: 'Token informado inválido. Por favor verificar o número do token que você recebeu por SMS.',
  lookupFault:
    'Ocorreu um erro ao tentar consultar o seu token. Por favor, entre em contato com o nosso suporte.',
} as const;

/** Spec 000 §5: exactly 6 characters (the input accepts digits only). */
export function isValidTokenInput(token: string): boolean {
  return new RegExp(`^\\d{${TOKEN_LENGTH}}$`).test(token);
}

/** The SMS token form (validar_token body). */
export const loginTokenSchema = z.object({
  token_cliente: z.string().refine(isValidTokenInput, TOKEN_MESSAGES.length),
});

// ---- Phone reset and new phone (spec 000 §2, §4 Phone reset, §5 New phone, §8) --------------------------------

export const PHONE_RESET_MESSAGES = {
  notFound: 'CPF/CNPJ não encontrado.',
  emailFailure: 'Erro ao enviar o e-mail. Verifique se você tem um e-mail cadastrado junto com o seu CPF.',
} as const;

/**
 * Spec 000 §5 phone reset: a valid CPF or CNPJ. The spec's quirk: an invalid CNPJ shows no message on this screen,
 * so its issue belongs to the whole form (empty path), not to the field.
 */
export const phoneResetSchema = z
  .object({ pesCpfCnpj: z.string() })
  .superRefine(({ pesCpfCnpj }, context) => {
    if (isValidCpfCnpj(pesCpfCnpj)) return;
    const path = documentKind(pesCpfCnpj) === 'cnpj' ? [] : ['pesCpfCnpj'];
    context.addIssue({ code: 'custom', path, message: INVALID_DOCUMENT_MESSAGE });
  });

export const NEW_PHONE_MESSAGES = {
  required: 'Digite um novo telefone.',
  confirmationRequired: 'Confirme o seu novo telefone.',
  mismatch: 'Os dois telefones informados são diferentes. Tente novamente.',
  /** Mask (##) #####-####: a mobile number of 11 digits (spec 000 §5 "New phone"). */
  notMobile: 'Digite um celular válido',
  failure: 'Ocorreu uma falha no cadastro do novo telefone.',
} as const;

export const PHONE_UPDATED: TitledMessage = { title: 'Sucesso', text: 'Operação realizada com sucesso' };

export type NewPhoneField = 'pef_fone' | 'confirmacao';

/** Spec 000 §5 "New phone": both required, then equal (compared by digits); failures in that order. */
export const newPhoneSchema = z
  .object({ pef_fone: z.string(), confirmacao: z.string() })
  .superRefine(({ pef_fone, confirmacao }, context) => {
    const fail = (field: NewPhoneField, message: string) =>
      context.addIssue({ code: 'custom', path: [field], message });
    const phone = onlyDigits(pef_fone);
    const confirmation = onlyDigits(confirmacao);
    if (phone === '') fail('pef_fone', NEW_PHONE_MESSAGES.required);
    else if (phone.length !== 11) fail('pef_fone', NEW_PHONE_MESSAGES.notMobile);
    if (confirmation === '') fail('confirmacao', NEW_PHONE_MESSAGES.confirmationRequired);
    else if (phone !== confirmation) fail('confirmacao', NEW_PHONE_MESSAGES.mismatch);
  });
