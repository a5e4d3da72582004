// Creditor-lead form (spec 002 §3 "Lead", §7 "Create lead"): a person tells which store they owe, how much, and what
// they can pay, by boleto or card. Shared by the browser form and the server (cadastrarLead).
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

/** The lead, or one message per invalid field (every field checked, so the form marks them all at once). */
export function validateLead(input: LeadInput): { ok: true; lead: Lead } | { ok: false; errors: LeadErrors } {
  const errors: LeadErrors = {};
  const value = (key: keyof LeadInput) => (input[key] ?? '').trim();
  const requiredText = (key: 'nome' | 'cidade' | 'loja') => {
    const text = value(key);
    if (text === '') errors[key] = LEAD_MESSAGES.required(LABELS[key]);
    else if (length(text) > LEAD_LIMITS.textMax)
      errors[key] = LEAD_MESSAGES.tooLong(LABELS[key], LEAD_LIMITS.textMax);
    return text;
  };
  const name = requiredText('nome');
  if (!errors.nome && length(name) < LEAD_LIMITS.nameMin) errors.nome = LEAD_MESSAGES.nameShort;

  const document = value('cpf_cnpj');
  if (document === '') errors.cpf_cnpj = LEAD_MESSAGES.required(LABELS.cpf_cnpj);
  else if (!isValidCpfCnpj(document)) errors.cpf_cnpj = LEAD_MESSAGES.document;

  const email = value('email');
  if (email === '') errors.email = LEAD_MESSAGES.required(LABELS.email);
  else if (!isValidEmail(email)) errors.email = LEAD_MESSAGES.email;

  const city = requiredText('cidade');

  const mobile = value('celular');
  if (mobile === '') errors.celular = LEAD_MESSAGES.required(LABELS.celular);
  else if (!isValidMobile(mobile)) errors.celular = LEAD_MESSAGES.mobile;

  const phone = value('fone');
  if (phone !== '' && !isValidLandline(phone)) errors.fone = LEAD_MESSAGES.phone;

  const store = requiredText('loja');

  const money = (key: 'valor' | 'valor_pode_pagar') => {
    const text = value(key);
    if (text === '') {
      errors[key] = LEAD_MESSAGES.required(LABELS[key]);
      return 0;
    }
    const cents = parseMoney(text);
    if (cents === null || cents <= 0 || cents > LEAD_LIMITS.maxCents) {
      errors[key] = key === 'valor' ? LEAD_MESSAGES.amount : LEAD_MESSAGES.affordable;
      return 0;
    }
    return cents;
  };
  const amountCents = money('valor');
  const affordableCents = money('valor_pode_pagar');
  if (!errors.valor && !errors.valor_pode_pagar && affordableCents > amountCents)
    errors.valor_pode_pagar = LEAD_MESSAGES.affordableAboveDebt;

  const paymentForm = value('forma_pagamento').toUpperCase();
  if (paymentForm === '') errors.forma_pagamento = LEAD_MESSAGES.required(LABELS.forma_pagamento);
  else if (paymentForm !== 'A' && paymentForm !== 'P') errors.forma_pagamento = LEAD_MESSAGES.paymentForm;

  const notes = value('obs');
  if (length(notes) > LEAD_LIMITS.obsMax) errors.obs = LEAD_MESSAGES.tooLong(LABELS.obs, LEAD_LIMITS.obsMax);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    lead: {
      name,
      cpfCnpj: normalizeDocument(document),
      email,
      city,
      mobile: digits(mobile),
      phone: digits(phone),
      store,
      amountCents,
      affordableCents,
      paymentForm: paymentForm as LeadPaymentForm,
      notes,
    },
  };
}
