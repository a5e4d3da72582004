import type { CapabilityName } from './capabilities';

// Shape of the partner configuration served by GET /api/parceiro/{identificador}/info (spec 002 §3, spec 000 §3).
// Files are referenced by URL (never base64) so the page loads small JSON and cacheable images.

export type SectionName =
  | 'header'
  | 'about'
  | 'tutorial'
  | 'partners'
  | 'contact'
  | 'creditor'
  | 'logoForBackgroundWhite'
  | 'omniChannel'
  | 'customization';

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

export interface HeaderFields {
  title?: string;
  subtitle?: string;
  firstTitleColor?: string;
  secondTitleColor?: string;
  headerButtonsColor?: string;
  subTitleColor?: string;
  background?: string;
}

export interface AboutFields {
  title?: string;
  text?: string;
}

export interface TutorialStep {
  code: number;
  title: string;
  text: string;
}

export interface TutorialFields {
  title?: string;
  steps?: TutorialStep[];
}

export interface PartnersFields {
  text?: string;
}

export interface ContactFields {
  whatsapp?: string;
  phone?: string;
  phoneZeroEightHundred?: string;
  email?: string;
  site?: string;
  address?: string;
  dadosEmpresa?: string;
  initialTime?: string;
  finalTime?: string;
  initialTimeWeekend?: string;
  finalTimeWeekend?: string;
  url_facebook?: string;
  url_instagram?: string;
  linkedin?: string;
  telegram?: string;
}

export interface OmniChannelFields {
  whatsappOmni?: string;
  whatsappLinkOmni?: string;
  instagramOmni?: string;
  telegramOmni?: string;
  messengerOmni?: string;
  skypeOmni?: string;
  linkedinOmni?: string;
  emailOmni?: string;
  chatOmni?: string;
  siteOmni?: string;
  flgdiscadoraOmni?: boolean;
}

export interface LandPageCustomization {
  flgAcessoCredor?: boolean;
  flgIntegraRobo?: boolean;
  flgMaxWidth?: boolean;
  flgStretch?: boolean;
  flgOverlay?: boolean;
  flgModoServico?: boolean;
  textBotaoBuscar?: string;
  textNomeParceiroContratos?: string;
}

export interface ConfirmBirthdayCustomization {
  flgValidarDataNasc?: boolean;
  flgValidarTelefone?: boolean;
  flgValidarToken?: boolean;
  flgDesativaCadastro?: boolean;
  flgNaoUtilizaLGPD?: boolean;
  flgTotem?: boolean;
  flgEsqueceuTelefone?: boolean;
  flgPrefeituraMode?: boolean;
}

export interface MenuDebitsCustomization {
  textAbaixoLogo?: string;
  flgReceberLigacao?: boolean;
  flgFaleConosco?: boolean;
  flgPrefeituraMode?: boolean;
  corFundoMenuDebits?: string;
}

export interface MyDebitsCustomization {
  flgValorOriginal?: boolean;
  flgAgruparContratos?: boolean;
  flgDesativarEnviarProposta?: boolean;
  textSalvarAcordos?: string;
  textMyDebits?: string;
  subtextMyDebits?: string;
  subtextPanelMyDebits?: string;
  subtextPanelMyDebitsNotFound?: string;
  textMyDebitsDetails?: string;
  textMyDebitsCantPay?: string;
  textMyDebitsPaymentOptions?: string;
  textChavePix?: string;
  detailsMonthlyPayment?: { textConfirmaAcordo?: string };
  flgDesativarCartaoCredito?: boolean;
  flgAtivarEscolhaDoVencimento?: boolean;
  flgDesativarPix?: boolean;
  flgDesativatBotaoNaoPossoPagar?: boolean;
  flgPortalUsaStage?: boolean;
  /** Address of the insurance offer that My debts links to (capability insuranceLink). */
  urlSeguro?: string;
}

export interface MyAgreementsCustomization {
  textMyAgreements?: string;
  textEmailBoleto?: string;
  subtextMyAgreements?: string;
  subtextPanelMyAgreements?: string;
  subtextPanelMyAgreementsNotFound?: string;
  textMyAgreementsPayment?: string;
  flgTermoCofissao?: boolean;
  flgPagueMe?: boolean;
  flgIncluirHistorico?: boolean;
  flgPaginar?: boolean;
}

export interface CustomizationFields {
  landPage?: LandPageCustomization;
  confirmBirthday?: ConfirmBirthdayCustomization;
  menuDebits?: MenuDebitsCustomization;
  myDebits?: MyDebitsCustomization;
  myAgreements?: MyAgreementsCustomization;
}

export interface SectionFieldsByName {
  header: HeaderFields;
  about: AboutFields;
  tutorial: TutorialFields;
  partners: PartnersFields;
  contact: ContactFields;
  creditor: Record<string, unknown>;
  logoForBackgroundWhite: Record<string, unknown>;
  omniChannel: OmniChannelFields;
  customization: CustomizationFields;
}

export interface PartnerStyle {
  corPrimaria: string;
  corSecundaria: string;
}

export type CaptchaProvider = 'altcha' | 'turnstile' | 'recaptcha' | 'hcaptcha';

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

export function hasCapability(config: Pick<PartnerConfig, 'capacidades'>, name: CapabilityName): boolean {
  return config.capacidades[name] === true;
}
