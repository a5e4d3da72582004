import type { CapabilityName } from './capabilities';
import { filled, isPlainObject } from './form-values';
import type { CaptchaProvider, SectionFieldsByName, SectionName } from './partner-settings';

// Shape of the partner configuration served by GET /api/parceiro/{identificador}/info (spec 002 §3, spec 000 §3).
// Files are referenced by URL (never base64) so the page loads small JSON and cacheable images. The sections' campos
// are the settings declared in partner-settings.ts.

export interface SectionFile {
  identificador: string;
  tipoImagem: string;
  url: string;
  width?: number;
  height?: number;
  adicionais: { name: string };
}

export interface PartnerSection<C = Record<string, unknown>> {
  nome: SectionName;
  campos: C;
  arquivos: SectionFile[];
}

export type TutorialStep = NonNullable<SectionFieldsByName['tutorial']['steps']>[number];

// Spec 002 §9: exactly four tutorial steps, codes 0 to 3.
export const TUTORIAL_STEP_COUNT = 4;

/** Issue 18 item 9: a tutorial step is published only with its title and its text. */
export function isPublishedTutorialStep(step: unknown): boolean {
  return isPlainObject(step) && filled(step.title) && filled(step.text);
}
export type ContactFields = SectionFieldsByName['contact'];
export type OmniChannelFields = SectionFieldsByName['omniChannel'];
export type CustomizationFields = SectionFieldsByName['customization'];

export interface PartnerStyle {
  corPrimaria: string;
  corSecundaria: string;
}

/** Robot check of the partner's group (spec 000 §2 "site keys differ per partner group"); ALTCHA by default. */
export interface CaptchaSettings {
  provider: CaptchaProvider;
  /** Public site key of Turnstile, reCAPTCHA or hCaptcha; null for ALTCHA. */
  siteKey: string | null;
}

/** The partner configuration as the portal loads it at start-up. */
export interface PartnerConfig {
  id: number;
  nome: string;
  identificador: string;
  emp_codigo: number;
  logo: string | null;
  tipoLogo: string | null;
  favicon: string | null;
  estilo: PartnerStyle;
  pixel_meta: string | null;
  hotjar_id: string | null;
  loj_codigo: string;
  loj_codigo_nao_negocia: string;
  /** URL of the external creditor admin site opened by "Acesso credor". */
  creditorAccessUrl: string | null;
  captcha: CaptchaSettings;
  /** Named partner-specific behaviours (see docs/capabilities.md). */
  capacidades: Partial<Record<CapabilityName, boolean>>;
  sessoes: PartnerSection[];
}

// Spec 000 §9 / spec 002 §9: default colours.
export const DEFAULT_STYLE: PartnerStyle = { corPrimaria: '#00c0fb', corSecundaria: '#5938c8' };

export function findSection<N extends SectionName>(
  config: Pick<PartnerConfig, 'sessoes'>,
  name: N,
): PartnerSection<SectionFieldsByName[N]> | undefined {
  return config.sessoes.find((s) => s.nome === name) as PartnerSection<SectionFieldsByName[N]> | undefined;
}

export function sectionFile(
  section: Pick<PartnerSection<unknown>, 'arquivos'> | undefined,
  tipoImagem: string,
): SectionFile | undefined {
  return section?.arquivos.find((f) => f.tipoImagem === tipoImagem);
}

export function customization(config: Pick<PartnerConfig, 'sessoes'>): CustomizationFields {
  return findSection(config, 'customization')?.campos ?? {};
}

// Spec 000 §3 and spec 002 §3: flgPrefeituraMode is read from menuDebits by the login and stored under
// confirmBirthday by the partner form; either place turns city-hall mode on.
export function isCityHallMode(config: Pick<PartnerConfig, 'sessoes'>): boolean {
  const c = customization(config);
  return Boolean(c.menuDebits?.flgPrefeituraMode || c.confirmBirthday?.flgPrefeituraMode);
}

/**
 * Spec 001 §1 permits-negotiate flag: a partner negotiates when it has stores that negotiate; the others only issue
 * boletos ('Meus Boletos').
 */
export function permitsNegotiation(config: Pick<PartnerConfig, 'loj_codigo'>): boolean {
  return config.loj_codigo.trim() !== '';
}

export function hasCapability(config: Pick<PartnerConfig, 'capacidades'>, name: CapabilityName): boolean {
  return config.capacidades[name] === true;
}
