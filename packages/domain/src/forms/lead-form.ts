// Creditor-lead form (spec 002 §3 "Lead", §7 "Create lead"): a person tells which store they owe, how much, and what
// they can pay, by boleto or card. Shared by the browser form and the server (cadastrarLead).
import { z } from 'zod';
import { CEP_MESSAGES, normalizeCep } from '../address/cep';
import { isValidCpfCnpj, normalizeDocument } from '../document/cpf-cnpj';
import { parseMoney } from '../money';
import { isValidEmail } from '../validation/email';

/** The body of cadastrarLead as the form sends it (spec 002 §7: unmasked cpf_cnpj and phones; masks are accepted too). */
export interface LeadInput {
  nome: string;
  cpf_cnpj: string;
  email: string;
  cidade: string;
  celular: string;
  fone: string;
  loja: string;
  valor: string;
  valor_pode_pagar: string;
  forma_pagamento: string;
  obs: string;
}

/** Spec 002 §3 led_forma_pagamento: A boleto, P card. */
export const LEAD_PAYMENT_FORMS = { A: 'Boleto', P: 'Cartão de crédito' } as const;
export type LeadPaymentForm = keyof typeof LEAD_PAYMENT_FORMS;

/** A validated lead: documents and phones unmasked (CNPJ letters upper-cased), money in centavos, text trimmed. */
export interface Lead {
  name: string;
  cpfCnpj: string;
  email: string;
  city: string;
  mobile: string;
  phone: string;
  store: string;
  amountCents: number;
  affordableCents: number;
  paymentForm: LeadPaymentForm;
  notes: string;
}

export const LEAD_LIMITS = { nameMin: 3, textMax: 120, obsMax: 1000, maxCents: 999_999_999 } as const;

// Spec 002 §8 (sign-up and creditor forms): 'O campo {label} é obrigatório', 'Digite um e-mail válido', 'Digite um
// celular válido', 'Digite um telefone fixo válido'; the others are ours, in the same voice.
export const LEAD_MESSAGES = {
  required: (label: string) => `O campo ${label} é obrigatório`,
  nameShort: 'Por favor, digite o seu nome completo',
  tooLong: (label: string, max: number) => `O campo ${label} deve ter no máximo ${max} caracteres.`,
  document: 'Digite um CPF ou CNPJ válido!',
  email: 'Digite um e-mail válido',
  mobile: 'Digite um celular válido',
  phone: 'Digite um telefone fixo válido',
  amount: 'Digite um valor válido.',
  affordable: 'Digite um valor válido.',
  affordableAboveDebt: 'O valor que pode pagar não pode ser maior que o valor da dívida.',
  paymentForm: 'Escolha a forma de pagamento: boleto ou cartão de crédito.',
} as const;

/** Spec 002 §8 "Lead success modal", verbatim. */
export const LEAD_SUCCESS_MESSAGE =
  'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail';

const LABELS: Record<keyof LeadInput, string> = {
  nome: 'nome',
  cpf_cnpj: 'CPF/CNPJ',
  email: 'e-mail',
  cidade: 'cidade',
  celular: 'celular',
  fone: 'telefone fixo',
  loja: 'loja',
  valor: 'valor',
  valor_pode_pagar: 'valor que pode pagar',
  forma_pagamento: 'forma de pagamento',
  obs: 'observação',
};

const length = (s: string) => Array.from(s).length;
const digits = (s: string) => s.replace(/\D/g, '');

/** Mobile: DDD (11-99) + 9 + 8 digits, as the mask (##) #####-#### gives. */
export function isValidMobile(value: string): boolean {
  return /^[1-9][1-9]9\d{8}$/.test(digits(value)) && !/[^\d\s()+-]/.test(value);
}

/** Landline: DDD (11-99) + 8 digits starting 2-5, as the mask (##) ####-#### gives. */
export function isValidLandline(value: string): boolean {
  return /^[1-9][1-9][2-5]\d{7}$/.test(digits(value)) && !/[^\d\s()+-]/.test(value);
}

export type LeadErrors = Partial<Record<keyof LeadInput, string>>;

const M = LEAD_MESSAGES;
const required = (field: keyof LeadInput) => z.string().trim().min(1, M.required(LABELS[field]));
const requiredText = (field: 'nome' | 'cidade' | 'loja') =>
  required(field).refine(
    (text) => length(text) <= LEAD_LIMITS.textMax,
    M.tooLong(LABELS[field], LEAD_LIMITS.textMax),
  );
/** Centavos of a money text when it is a valid amount (more than zero, at most maxCents), otherwise null. */
const cents = (text: string): number | null => {
  const value = parseMoney(text);
  return value !== null && value > 0 && value <= LEAD_LIMITS.maxCents ? value : null;
};
const money = (field: 'valor' | 'valor_pode_pagar', message: string) =>
  required(field).refine((text) => cents(text) !== null, message);

/**
 * The lead's rules, in the browser and on the server: one message per invalid field, every field checked at once,
 * in the spec's order. The output is the lead to store: documents and phones unmasked, money in centavos.
 */
export const leadSchema = z
  .object({
    nome: requiredText('nome').refine((name) => length(name) >= LEAD_LIMITS.nameMin, M.nameShort),
    cpf_cnpj: required('cpf_cnpj').refine(isValidCpfCnpj, M.document),
    email: required('email').refine(isValidEmail, M.email),
    cidade: requiredText('cidade'),
    celular: required('celular').refine(isValidMobile, M.mobile),
    fone: z
      .string()
      .trim()
      .refine((phone) => phone === '' || isValidLandline(phone), M.phone),
    loja: requiredText('loja'),
    valor: money('valor', M.amount),
    valor_pode_pagar: money('valor_pode_pagar', M.affordable),
    forma_pagamento: required('forma_pagamento').refine(
      (form) => Object.hasOwn(LEAD_PAYMENT_FORMS, form.toUpperCase()),
      M.paymentForm,
    ),
    obs: z
      .string()
      .trim()
      .refine((notes) => length(notes) <= LEAD_LIMITS.obsMax, M.tooLong(LABELS.obs, LEAD_LIMITS.obsMax)),
  })
  // Runs beside the field messages (they never abort), so this one shows with the others.
  .superRefine((input, ctx) => {
    const amount = cents(input.valor);
    const affordable = cents(input.valor_pode_pagar);
    if (amount !== null && affordable !== null && affordable > amount)
      ctx.addIssue({ code: 'custom', path: ['valor_pode_pagar'], message: M.affordableAboveDebt });
  })
  .transform(
    (input): Lead => ({
      name: input.nome,
      cpfCnpj: normalizeDocument(input.cpf_cnpj),
      email: input.email,
      city: input.cidade,
      mobile: digits(input.celular),
      phone: digits(input.fone),
      store: input.loja,
      amountCents: cents(input.valor) ?? 0,
      affordableCents: cents(input.valor_pode_pagar) ?? 0,
      paymentForm: input.forma_pagamento.toUpperCase() as LeadPaymentForm,
      notes: input.obs,
    }),
  );

/** The lead's city: the city and, when known, its state ('São Paulo/SP'). */
export function leadCity(city: string, uf: string): string {
  const name = city.trim();
  const state = uf.trim().toUpperCase();
  return name && state ? `${name}/${state}` : name;
}

const leadFormFields = z.object({
  nome: z.string(),
  cpf_cnpj: z.string(),
  email: z.string(),
  celular: z.string(),
  fone: z.string(),
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  loja: z.string(),
  valor: z.string(),
  valor_pode_pagar: z.string(),
  forma_pagamento: z.string(),
  obs: z.string(),
});

/** The cadastrarLead body of the page's form, as typed: the street and district stay on the page. */
function leadInputOf({
  cep: _cep,
  logradouro: _street,
  bairro: _district,
  cidade,
  uf,
  ...lead
}: z.output<typeof leadFormFields>): LeadInput {
  return { ...lead, cidade: leadCity(cidade, uf) };
}

/**
 * 'Envie sua proposta' as the page shows it (spec 002 §5 "Address form"): the address block's CEP, street,
 * district, city and state instead of the lead's one city. Checked by the lead's rules (the city's message under
 * the city field) plus the CEP's, when one is typed; the output is the cadastrarLead body.
 */
export const leadFormSchema = leadFormFields
  .superRefine((form, ctx) => {
    const result = leadSchema.safeParse(leadInputOf(form));
    for (const issue of result.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    if (form.cep.trim() !== '' && !normalizeCep(form.cep))
      ctx.addIssue({ code: 'custom', path: ['cep'], message: CEP_MESSAGES.invalid });
  })
  .transform(leadInputOf);
