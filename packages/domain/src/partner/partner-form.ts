// The back-office partner form's rules (spec 002 §2 PostPartners / UpdatePartner, §5, §8, §9) in the spec's order, over
// the settings declared in partner-settings.ts. Shared by the server (POST/PUT /api/parceiro) and the back-office
// screens.

import { type Campos, filled, isPlainObject, text } from './form-values';
import { isPublishedTutorialStep, TUTORIAL_STEP_COUNT } from './partner-config';
import {
  PARTNER_FORM_DEFAULTS,
  PARTNER_SETTINGS,
  type PartnerForm,
  type PartnerFormFile,
  type PartnerSettings,
  partnerFormFrom,
  partnerSettingsFrom,
  partnerSettingsSchema,
  type SectionName,
  settingAt,
} from './partner-settings';

export type PartnerFormMode = 'create' | 'update';

/** What ListPartners shows of a partner (spec 002 §2): name, subdomain and logo; the id opens UpdatePartner. */
export interface PartnerListItem {
  id: number;
  nome: string;
  identificador: string;
  emp_codigo: number;
  /** The logo's URL; null shows the default logo. */
  logo: string | null;
  /** When staff archived the partner (ISO 8601); null while it is active. */
  arquivado_em: string | null;
}

/** Which partners GET /api/parceiro lists (`situacao`): the active ones unless asked otherwise. */
export const PARTNER_LIST_FILTERS = ['ativos', 'arquivados', 'todos'] as const;
export type PartnerListFilter = (typeof PARTNER_LIST_FILTERS)[number];

/** GET /api/parceiro?page=N (spec 002 §7: the client reads data and meta.last_page). */
export interface PartnerListPage {
  data: PartnerListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** getEmpresas (spec 002 §3 "Company option: codigo, nome_empresa"): a company a partner portal can belong to. */
export interface CompanyOption {
  codigo: number;
  nome_empresa: string;
  /** The identifier of the partner portal already on this company, or null. */
  parceiro: string | null;
}

/** Spec 002 §8: the company list could not be loaded, or is empty. */
export const COMPANIES_NOT_FOUND = 'Empresas não encontradas';

export const PARTNER_FORM_MESSAGES = {
  // Spec 002 §8 "Partner form messages", verbatim (including 'sercundária' and 'registar').
  nameRequired: 'O campo nome do parceiro é obrigatório',
  subdomainRequired: 'O campo nome do subdomínio é obrigatório',
  logoRequired: 'O campo do logotipo do parceiro é obrigatório',
  primaryColorRequired: 'O campo cor primária é obrigatório',
  secondaryColorRequired: 'O campo cor sercundária é obrigatório',
  aboutIncomplete:
    'Para registar o Sobre deve ser inserido a imagem da empresa, o título e o texto do sobre.',
  tutorialIncomplete:
    'Para registar o Passo a Passo deve ser inserido a imagem de fundo e o título do passo a passo.',
  hoursIncomplete:
    'Para registar o horário de funcionamento nos dias úteis/fins de semana, deve ser inserido o horário inicial e o horário final.',
  hoursOrder:
    'Para registar o horário de funcionamento nos dias úteis/fins de semana, o horário inicial deve ser menor que o horário final.',
  // Rules the spec implies without a text (§3 formats, §9 four steps, the database's needs); ours.
  subdomainInvalid:
    'O subdomínio deve começar com uma letra e ter até 63 letras minúsculas, números ou hífens (sem hífen no final).',
  companyRequired: 'O campo código da empresa (emp_codigo) é obrigatório.',
  colorInvalid: 'Cor inválida: use o formato hexadecimal, por exemplo #00c0fb.',
  hoursInvalid: 'Horário de funcionamento inválido: use o formato HH:MM.',
  tutorialSteps:
    'O Passo a Passo deve ter exatamente quatro passos (códigos 0 a 3), cada um com título e texto.',
  storeCodesInvalid: 'Os códigos de loja devem ser números separados por vírgula.',
  storeCodesOverlap: 'Uma loja não pode estar em loj_codigo e em loj_codigo_nao_negocia ao mesmo tempo.',
  linkInvalid: 'Link inválido: use um endereço que comece com http:// ou https://.',
  captchaSiteKeyRequired: 'Informe a chave do site (site key) do serviço de verificação anti-robô escolhido.',
} as const;

export type PartnerFormRule = keyof typeof PARTNER_FORM_MESSAGES;

export interface PartnerFormError {
  rule: PartnerFormRule;
  message: string;
  /** Where the form shows it, e.g. 'nome', 'estilo.corSecundaria', 'contact.initialTimeWeekend'. */
  field: string;
}

// Spec 002 §8 success snackbars of the partner screens. The spec's delete archives (decision 014), and says so.
export const PARTNER_SAVED_MESSAGES = {
  created: 'Parceiro cadastrado com sucesso!',
  updated: 'Parceiro atualizado com sucesso!',
  archived: 'Parceiro arquivado com sucesso!',
} as const;

/**
 * Decision 014: an archived partner is final in the back office. The server's refusal of its PUT or DELETE (409),
 * and why its form opens read-only.
 */
export const PARTNER_ARCHIVED_MESSAGE = 'Este parceiro está arquivado e não pode ser alterado.';

// Spec 002 §2 ListPartners: the delete confirmation, in the spec's form, telling what archiving does and keeps.
export const partnerArchiveQuestion = (name: string): string =>
  `Você tem certeza que deseja arquivar o parceiro ${name} ? O portal dele será desligado e ele sairá da lista ` +
  'de parceiros ativos. Solicitações LGPD, leads, candidaturas, acordos e demais registros continuam no painel.';

/** `defaults` under `value`: only what `value` leaves undefined is filled (an empty text stays empty). */
function withDefaults(value: Campos, defaults: Campos): Campos {
  const merged: Campos = { ...value };
  for (const [key, fallback] of Object.entries(defaults)) {
    const current = merged[key];
    if (current === undefined) merged[key] = isPlainObject(fallback) ? withDefaults({}, fallback) : fallback;
    else if (isPlainObject(current) && isPlainObject(fallback)) merged[key] = withDefaults(current, fallback);
  }
  return merged;
}

/** A new partner's form with the spec's defaults where it says nothing (spec 002 §3 "Form defaults"). */
export function applyPartnerFormDefaults(form: PartnerForm): PartnerForm {
  const values = withDefaults(partnerSettingsFrom(form), PARTNER_FORM_DEFAULTS) as PartnerSettings;
  return partnerFormFrom(values, new Set(form.sessoes?.map((s) => s.nome)));
}

const hasFile = (file: PartnerFormFile): boolean =>
  filled(file.arquivo) || filled(file.url) || filled(file.id);

const images = (values: PartnerSettings, nome: SectionName): PartnerFormFile[] =>
  values.arquivos?.[nome] ?? [];
const campos = (values: PartnerSettings, nome: SectionName): Campos => values[nome] ?? {};

const SUBDOMAIN = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const STORE_CODES = /^\s*\d{1,9}\s*(?:,\s*\d{1,9}\s*)*$/;
const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;

/** A subdomain as stored: trimmed and lower-cased. */
export const normalizeSubdomain = (value: string | null | undefined): string => text(value).toLowerCase();

/** Spec 002 §3: store codes of loj_codigo lists are comma-separated; '' is none; null when malformed. */
export function parseStoreCodes(value: string | undefined | null): number[] | null {
  const list = text(value);
  if (list === '') return [];
  if (!STORE_CODES.test(list)) return null;
  return [...new Set(list.split(',').map((code) => Number(code.trim())))];
}

// Colours end up in CSS; links are opened by the portal (only web and messaging addresses, never javascript: or data:).
const settingsOf = (kind: 'color' | 'link') => PARTNER_SETTINGS.filter((def) => def.kind === kind);
const COLOR_SETTINGS = settingsOf('color');
const LINK_SETTINGS = settingsOf('link');

// Schemes of the channels' own apps besides web addresses; javascript:, data: and the rest are refused.
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'skype', 'tg', 'whatsapp']);

/** A link without a scheme (a host, a handle) or with a web or messaging scheme. */
function isSafeLink(value: unknown): boolean {
  const scheme = SCHEME.exec(text(value))?.[1]?.toLowerCase();
  return scheme === undefined || LINK_SCHEMES.has(scheme);
}

const fail = (rule: PartnerFormRule, field: string): PartnerFormError => ({
  rule,
  message: PARTNER_FORM_MESSAGES[rule],
  field,
});

function hoursError(contact: Campos): PartnerFormError | null {
  const periods = [
    ['initialTime', 'finalTime'],
    ['initialTimeWeekend', 'finalTimeWeekend'],
  ] as const;
  for (const [start, end] of periods) {
    const from = text(contact[start]);
    const to = text(contact[end]);
    // Spec 002 §5: start and end come together, on weekdays and on weekends.
    if (from !== '' && to === '') return fail('hoursIncomplete', `contact.${end}`);
    if (from === '' && to !== '') return fail('hoursIncomplete', `contact.${start}`);
    if (from === '') continue;
    if (!TIME.test(from)) return fail('hoursInvalid', `contact.${start}`);
    if (!TIME.test(to)) return fail('hoursInvalid', `contact.${end}`);
    // Spec 002 §5: start must be less than end (HH:MM compares as text).
    if (from >= to) return fail('hoursOrder', `contact.${end}`);
  }
  // Spec 002 §5: weekend hours need weekday hours first.
  if (filled(contact.initialTimeWeekend) && !filled(contact.initialTime)) {
    return fail('hoursIncomplete', 'contact.initialTime');
  }
  return null;
}

/**
 * The tutorial section's fields as saved (issue 18 item 9; decision 031): the steps without title and text dropped,
 * so an untouched list (all four blank, which the rules accept as no tutorial) is saved as none rather than as four
 * blank cards on the portal. A partly filled list never gets here: the rules refuse it (tutorialSteps).
 */
export function withoutBlankTutorialSteps(campos: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(campos.steps)
    ? { ...campos, steps: campos.steps.filter(isPublishedTutorialStep) }
    : campos;
}

function tutorialStepsError(values: PartnerSettings): PartnerFormError | null {
  const steps = campos(values, 'tutorial').steps;
  if (steps === undefined) return null;
  const list = Array.isArray(steps) ? (steps as Campos[]) : [];
  const codes = list.map((step) => Number(step?.code)).sort((a, b) => a - b);
  const complete = list.every(isPublishedTutorialStep);
  // An untouched step list (all four empty) is no tutorial at all.
  const empty = list.every((step) => isPlainObject(step) && !filled(step.title) && !filled(step.text));
  const fourSteps = codes.length === TUTORIAL_STEP_COUNT && codes.every((code, i) => code === i);
  return fourSteps && (complete || empty) ? null : fail('tutorialSteps', 'tutorial.steps');
}

/**
 * The first rule the form breaks, in the spec's order (spec 002 §5: the five required fields, then the About
 * section, the tutorial on create, the business hours), followed by the format rules the spec implies; null when
 * the form can be saved. On update, the caller passes the form with unchanged images filled in from the stored
 * partner, so "logotipo required" sees the logo that stays.
 */
export function validatePartnerForm(form: PartnerForm, mode: PartnerFormMode): PartnerFormError | null {
  return partnerSettingsError(partnerSettingsFrom(form), mode);
}

function partnerSettingsError(values: PartnerSettings, mode: PartnerFormMode): PartnerFormError | null {
  // Spec 002 §5 rule 1: nome do parceiro required.
  if (!filled(values.nome)) return fail('nameRequired', 'nome');
  // Spec 002 §5 rule 2: subdomínio required.
  if (!filled(values.identificador)) return fail('subdomainRequired', 'identificador');
  // Spec 002 §5 rule 3: logotipo required.
  if (!filled(values.logo)) return fail('logoRequired', 'logo');
  // Spec 002 §5 rule 4: cor primária required.
  if (!filled(values.estilo?.corPrimaria)) return fail('primaryColorRequired', 'estilo.corPrimaria');
  // Spec 002 §5 rule 5: cor secundária required.
  if (!filled(values.estilo?.corSecundaria)) return fail('secondaryColorRequired', 'estilo.corSecundaria');

  // Spec 002 §5: the About section is all-or-nothing (image, title and text).
  const about = campos(values, 'about');
  const aboutParts = [images(values, 'about').some(hasFile), filled(about.title), filled(about.text)];
  if (aboutParts.some(Boolean) && !aboutParts.every(Boolean)) return fail('aboutIncomplete', 'about');

  // Spec 002 §5: on create only, the tutorial needs image and title together.
  if (mode === 'create') {
    const tutorialParts = [
      images(values, 'tutorial').some(hasFile),
      filled(campos(values, 'tutorial').title),
    ];
    if (tutorialParts.some(Boolean) && !tutorialParts.every(Boolean)) {
      return fail('tutorialIncomplete', 'tutorial');
    }
  }

  // Spec 002 §5: business hours.
  const hours = hoursError(campos(values, 'contact'));
  if (hours) return hours;

  // Spec 002 §1 / §3: the subdomain names the partner in the host (one DNS label, never all digits).
  if (!SUBDOMAIN.test(normalizeSubdomain(values.identificador)))
    return fail('subdomainInvalid', 'identificador');
  // Spec 002 §3: emp_codigo, the company code the portal calls carry.
  if (!Number.isInteger(values.emp_codigo) || (values.emp_codigo ?? 0) <= 0)
    return fail('companyRequired', 'emp_codigo');
  // Spec 002 §3 estilo and header colours, §9 default colours in #rrggbb: they are written into CSS.
  for (const { path } of COLOR_SETTINGS) {
    const value = settingAt(values, path);
    if (filled(value) && !HEX_COLOR.test(text(value))) return fail('colorInvalid', path);
  }
  // Spec 002 §9: exactly four tutorial steps.
  const steps = tutorialStepsError(values);
  if (steps) return steps;
  // Spec 002 §3: codes in loj_codigo lists are comma-separated.
  const negotiates = parseStoreCodes(values.loj_codigo);
  if (!negotiates) return fail('storeCodesInvalid', 'loj_codigo');
  const boletoOnly = parseStoreCodes(values.loj_codigo_nao_negocia);
  if (!boletoOnly) return fail('storeCodesInvalid', 'loj_codigo_nao_negocia');
  if (negotiates.some((code) => boletoOnly.includes(code)))
    return fail('storeCodesOverlap', 'loj_codigo_nao_negocia');
  // Spec 002 §3 contact, omniChannel, the creditor's and the insurance links: links the portal opens.
  for (const { path } of LINK_SETTINGS) {
    if (!isSafeLink(settingAt(values, path))) return fail('linkInvalid', path);
  }
  // Spec 000 §7: a hosted robot check needs the partner group's site key (ALTCHA, the default, has none).
  const provider = values.captcha?.provider || 'altcha';
  if (provider !== 'altcha' && !filled(values.captcha?.siteKey))
    return fail('captchaSiteKeyRequired', 'captcha.siteKey');
  return null;
}

/**
 * The back-office form's schema: the settings' shapes, then the first broken rule under its field (one message at a
 * time, as the server answers).
 */
export const partnerFormSchema = (mode: PartnerFormMode) =>
  partnerSettingsSchema.superRefine((values, context) => {
    const broken = partnerSettingsError(values as PartnerSettings, mode);
    if (broken) context.addIssue({ code: 'custom', path: broken.field.split('.'), message: broken.message });
  });
