// User-facing texts of the application shell, verbatim from spec 000 §8 (error catalogue) and §9 (constants).

// Spec 000 §8: start-up configuration failure or no data.
export const CRITICAL_ERROR = {
  title: 'Erro Crítico',
  text: 'Erro crítico ao carregar dados do portal.',
} as const;

// Spec 000 §8: company token null.
export const FATAL_ERROR = { title: 'Erro Fatal', text: 'Portal não está funcionando!' } as const;

// Spec 000 §8: partner configuration missing (subdomain).
export const PARTNER_NOT_FOUND = 'Subdomínio não encontrado!';

// Spec 000 §8: a missing route parameter.
export const MISSING_PARAMETERS = 'Parâmetros obrigatórios não informados';

// Spec 000 §8: missing WhatsApp number.
export const NO_WHATSAPP = {
  title: 'Ocorreu um erro',
  text: 'Não foi possível encontrar o número de Whatsapp da assessoria!',
} as const;

// Spec 000 §5 "Generic fields": a select with no options.
export const EMPTY_SELECT = 'Nenhum dado encontrado';

// Spec 000 §9 / spec 002 §3: default landing texts.
export const LANDING_DEFAULTS = {
  title: 'Negocie aqui suas dívidas',
  searchButton: 'Buscar minhas dívidas',
  subtitle: 'É seguro, rápido e online!',
} as const;

// Spec 000 §9: step codes logged as visitor events (esn_fk_ets_codigo).
export const STEP_CODES = {
  accessPortal: 31,
  consultedDocument: 8,
  whatsapp: 15,
  linkedin: 18,
  telegram: 21,
  facebook: 29,
  instagram: 30,
  sendPhoneChangeLink: 25,
  phoneUpdated: 2,
  generateToken: 27,
  checkToken: 14,
} as const;

export type StepCode = (typeof STEP_CODES)[keyof typeof STEP_CODES];
