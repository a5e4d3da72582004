import { z } from 'zod';
import { areaText, formCode, lineText } from '../validation/wire-fields';
import { CAPABILITIES, CAPABILITY_NAMES } from './capabilities';

// Every partner setting, declared once (spec 002 §3 Partner and Form defaults, §9; spec 000 §3): its wire shape (what
// POST/PUT /api/parceiro accept), its type, its label and kind in the back-office form, its place there (the
// declaration order is the form's order) and a new partner's value. Adding a setting is one line here plus its use;
// the rules of partner-form.ts read the kinds (colours, links), the form reads the labels.

export type SettingKind =
  | 'text'
  | 'textarea'
  | 'color'
  | 'link'
  | 'time'
  | 'flag'
  | 'email'
  | 'phone0800'
  | 'company'
  | 'select';

export interface SettingMeta {
  kind: SettingKind;
  /** The back-office label; a setting without one is not in the form (it is kept as stored). */
  label?: string;
  hint?: string;
  /** Spec 002 §3: shown on UpdatePartner only ("on update", "edit only"). */
  updateOnly?: boolean;
  /** A new partner's value (spec 002 §3 "Form defaults"). */
  initial?: string;
  /** The choices of a 'select'. */
  options?: readonly { value: string; label: string }[];
  /**
   * Whose debts the partner's staff see (its company, its stores) or the address its e-mails name (its subdomain):
   * only an administrator changes it (decisions 024, 087).
   */
  administratorOnly?: boolean;
}

/** An image slot of a section in the form. */
export interface PartnerImageSlot {
  section: SectionName;
  tipoImagem: string;
  label: string;
}

interface SectionLayout {
  id: string;
  title: string;
  /** Where a section-level rule (About all-or-nothing, tutorial) shows its message. */
  errorKeys?: string[];
  /** The section's image slots (the section is the one the layout is on). */
  images?: Omit<PartnerImageSlot, 'section'>[];
}

const settingMeta = z.registry<SettingMeta>();
const layoutMeta = z.registry<{ section?: SectionLayout; group?: string }>();

type Meta = Omit<SettingMeta, 'kind'>;

function setting<S extends z.ZodType>(schema: S, kind: SettingKind, meta: Meta = {}): S {
  settingMeta.add(schema as z.ZodType, { kind, ...meta });
  return schema;
}

// Forms send empty fields as null or ''; both mean "not filled". Texts of a partner's pages may span lines.
const optionalText = (max: number) =>
  areaText(max)
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();
const text = (max: number, meta?: Meta, kind: SettingKind = 'text') => setting(optionalText(max), kind, meta);
const textarea = (max: number, label: string, meta?: Meta) => text(max, { label, ...meta }, 'textarea');
const color = (max: number, label?: string, meta?: Meta) => text(max, { label, ...meta }, 'color');
const link = (max: number, label?: string, meta?: Meta) => text(max, { label, ...meta }, 'link');
const time = (label: string) => text(2000, { label }, 'time');
const flag = (label?: string, meta?: Meta) =>
  setting(
    z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['S', 'N', 'true', 'false', '0', '1'])])
      .nullish()
      .transform((v) =>
        v === null || v === undefined
          ? undefined
          : v === true || v === 1 || ['S', 'true', '1'].includes(String(v)),
      )
      .optional(),
    'flag',
    { label, ...meta },
  );
const storeCodes = (label: string, meta?: Meta) =>
  setting(
    lineText(2000)
      .nullish()
      .transform((v) => (v === null ? '' : v))
      .optional(),
    'text',
    { label, ...meta },
  );

function section<S extends z.ZodType>(schema: S, layout: SectionLayout): S {
  layoutMeta.add(schema as z.ZodType, { section: layout });
  return schema;
}
function group<S extends z.ZodType>(title: string, schema: S) {
  layoutMeta.add(schema as z.ZodType, { group: title });
  return schema.optional();
}

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'recaptcha', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

// A base64 image of 2 MB is about 2.8 million characters; the server's image check gives the clear message.
const imageText = () => lineText(4_000_000).nullish();

// Spec 002 §3 "Form defaults": the default agreement-confirmation text (the client agrees with values, dates,
// payment form and creditor rules; the portal sends payment information daily to the creditor).
export const DEFAULT_AGREEMENT_CONFIRMATION =
  'Ao confirmar este acordo, declaro que concordo com os valores, as datas de vencimento, a forma de pagamento ' +
  'e as regras do credor. O portal envia diariamente ao credor as informações dos pagamentos, para que ele ' +
  'cumpra as suas obrigações com os órgãos de proteção ao crédito.';

/** The partner's own fields (not in a section): the form's "Identificação", then its colours and capabilities. */
const PARTNER_FIELDS = {
  nome: text(120, { label: 'Nome do parceiro' }),
  identificador: text(200, {
    label: 'Subdomínio',
    hint: 'O endereço do portal: <subdomínio>.portal… (letras minúsculas, números e hífens).',
    administratorOnly: true,
  }),
  emp_codigo: setting(
    z
      .union([z.literal(''), formCode])
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? undefined : v))
      .optional(),
    'company',
    { label: 'Código da empresa (emp_codigo)', administratorOnly: true },
  ),
  loj_codigo: storeCodes('Lojas que negociam (loj_codigo)', {
    hint: 'Códigos de loja separados por vírgula, por exemplo 1, 2, 3.',
    administratorOnly: true,
  }),
  loj_codigo_nao_negocia: storeCodes('Lojas que não negociam (loj_codigo_nao_negocia)', {
    hint: 'Códigos de loja separados por vírgula.',
    updateOnly: true,
    administratorOnly: true,
  }),
  hotjar_id: text(50, { label: 'ID do Hotjar' }),
  pixel_meta: text(50, { label: 'Pixel da Meta' }),
  creditorAccessUrl: link(500, 'Link do acesso do credor'),
  captcha: z
    .object({
      // '' is the select's "Selecione": ALTCHA, the default.
      provider: setting(
        z
          .union([z.enum(CAPTCHA_PROVIDERS), z.literal('')])
          .nullish()
          .transform((v) => v || undefined)
          .optional(),
        'select',
        {
          label: 'Verificação anti-robô',
          options: [
            { value: 'altcha', label: 'ALTCHA (no próprio portal, sem chave)' },
            { value: 'turnstile', label: 'Cloudflare Turnstile' },
            { value: 'recaptcha', label: 'Google reCAPTCHA' },
            { value: 'hcaptcha', label: 'hCaptcha' },
          ],
        },
      ),
      siteKey: text(200, {
        label: 'Chave do site da verificação (site key)',
        hint: 'Obrigatória para Turnstile, reCAPTCHA e hCaptcha.',
      }),
    })
    .optional(),
  /** False switches the portal off ('Portal não está funcionando!'). */
  ativo: flag('Portal ativo'),
  logo: imageText(),
  tipoLogo: text(20),
  favicon: imageText(),
  estilo: section(
    z.object({ corPrimaria: color(20, 'Cor primária'), corSecundaria: color(20, 'Cor secundária') }),
    { id: 'estilo', title: 'Estilo' },
  ).optional(),
};

const CAPABILITY_FIELDS = section(
  z.strictObject(Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, flag(CAPABILITIES[name].label)]))),
  { id: 'capacidades', title: 'Capacidades do parceiro' },
).optional() as z.ZodOptional<z.ZodType<Partial<Record<keyof typeof CAPABILITIES, boolean>>>>;

/** The campos of each section (spec 002 §3), in the form's order. */
const SECTIONS = {
  header: section(
    z.object({
      title: text(2000, { label: 'Título', initial: 'Negocie aqui suas dívidas' }),
      subtitle: text(2000, { label: 'Subtítulo', initial: 'É seguro, rápido e online!' }),
      firstTitleColor: color(2000, 'Cor da primeira parte do título'),
      secondTitleColor: color(2000, 'Cor da segunda parte do título'),
      subTitleColor: color(2000, 'Cor do subtítulo'),
      headerButtonsColor: color(2000, 'Cor dos botões do cabeçalho'),
      background: color(2000, 'Cor de fundo do cabeçalho'),
    }),
    {
      id: 'cabecalho',
      title: 'Cabeçalho',
      images: [
        { tipoImagem: 'desktop', label: 'Imagem do cabeçalho (computador)' },
        { tipoImagem: 'mobile', label: 'Imagem do cabeçalho (celular)' },
      ],
    },
  ),
  logoForBackgroundWhite: section(z.object({}), {
    id: 'logo-fundo-branco',
    title: 'Logotipo para fundo branco',
    images: [{ tipoImagem: 'logo', label: 'Logotipo para fundo branco' }],
  }),
  about: section(
    z.object({
      title: text(10_000, { label: 'Título do sobre' }),
      text: textarea(10_000, 'Texto do sobre'),
    }),
    {
      id: 'sobre',
      title: 'Sobre',
      errorKeys: ['about'],
      images: [{ tipoImagem: 'image', label: 'Imagem da empresa' }],
    },
  ),
  tutorial: section(
    z.object({
      title: text(2000, { label: 'Título do passo a passo' }),
      steps: z
        .array(
          z.object({
            code: z.coerce.number().int(),
            title: optionalText(500).default(''),
            text: optionalText(2000).default(''),
          }),
        )
        .max(10)
        .optional(),
    }),
    {
      id: 'passo-a-passo',
      title: 'Passo a passo',
      errorKeys: ['tutorial', 'tutorial.steps'],
      images: [{ tipoImagem: 'image', label: 'Imagem de fundo do passo a passo' }],
    },
  ),
  partners: section(z.object({ text: textarea(10_000, 'Texto da seção de parceiros') }), {
    id: 'parceiros',
    title: 'Parceiros',
  }),
  contact: section(
    z.object({
      phone: text(2000, { label: 'Telefone' }),
      phoneZeroEightHundred: text(2000, { label: 'Telefone 0800', hint: '####-###-####' }, 'phone0800'),
      whatsapp: text(2000, { label: 'WhatsApp' }),
      email: text(2000, { label: 'E-mail' }, 'email'),
      address: text(2000, { label: 'Endereço' }),
      dadosEmpresa: textarea(2000, 'Dados da empresa', { updateOnly: true }),
      site: link(2000, 'Site'),
      linkedin: link(2000, 'LinkedIn'),
      telegram: link(2000, 'Telegram'),
      url_facebook: link(2000, 'Facebook'),
      url_instagram: link(2000, 'Instagram'),
      initialTime: time('Horário inicial (dias úteis)'),
      finalTime: time('Horário final (dias úteis)'),
      initialTimeWeekend: time('Horário inicial (fins de semana)'),
      finalTimeWeekend: time('Horário final (fins de semana)'),
    }),
    {
      id: 'contato',
      title: 'Contato',
      images: [{ tipoImagem: 'image', label: 'Imagem do contato' }],
    },
  ),
  omniChannel: section(
    z.object({
      whatsappOmni: text(2000, { label: 'WhatsApp (número)' }),
      whatsappLinkOmni: link(2000, 'Link do WhatsApp', {
        hint: 'Quando preenchido, é usado no lugar do número.',
      }),
      instagramOmni: link(2000, 'Instagram'),
      telegramOmni: link(2000, 'Telegram'),
      messengerOmni: link(2000, 'Messenger'),
      skypeOmni: link(2000, 'Skype'),
      linkedinOmni: link(2000, 'LinkedIn'),
      emailOmni: text(2000, { label: 'E-mail' }, 'email'),
      chatOmni: link(2000, 'Chat'),
      siteOmni: link(2000, 'Site'),
      flgdiscadoraOmni: flag('Agendar ligação (discadora)'),
      scheduleCall: flag(),
    }),
    { id: 'omnichannel', title: 'Canais de atendimento (omnichannel)' },
  ),
  customization: section(
    z.object({
      landPage: group(
        'Página inicial',
        z.object({
          textBotaoBuscar: text(500, { label: 'Texto do botão de busca', initial: 'Buscar minhas dívidas ' }),
          textNomeParceiroContratos: text(500, { label: 'Nome do parceiro nos contratos', updateOnly: true }),
          flgAcessoCredor: flag('Mostrar o acesso do credor'),
          flgOverlay: flag('Sombra sobre a imagem do cabeçalho'),
          flgModoServico: flag('Modo serviço'),
          flgStretch: flag('Esticar a imagem do cabeçalho'),
          flgIntegraRobo: flag('Integrar com o robô de negociação'),
          flgMaxWidth: flag('Largura máxima no conteúdo'),
        }),
      ),
      confirmBirthday: group(
        'Identificação do devedor',
        z.object({
          flgValidarDataNasc: flag('Validar a data de nascimento'),
          flgValidarTelefone: flag('Validar o telefone'),
          flgNaoUtilizaLGPD: flag('Não usar o aceite da LGPD'),
          flgValidarToken: flag('Validar com token por SMS'),
          flgTotem: flag('Modo totem'),
          flgEsqueceuTelefone: flag('Mostrar "esqueci o telefone"'),
          flgDesativaCadastro: flag('Desativar o cadastro'),
          flgPrefeituraMode: flag('Modo prefeitura'),
        }),
      ),
      menuDebits: group(
        'Menu do devedor',
        z.object({
          textAbaixoLogo: textarea(5000, 'Texto abaixo do logotipo', {
            initial: 'Negocie seus débitos com descontos e volte a ter crédito para comprar novamente!',
          }),
          corFundoMenuDebits: color(5000, 'Cor de fundo do menu', { updateOnly: true }),
          flgReceberLigacao: flag('Mostrar "receber ligação"'),
          flgFaleConosco: flag('Mostrar "fale conosco"'),
          // Spec 000 §3: read by the login; the form stores the mode under confirmBirthday.
          flgPrefeituraMode: flag(),
        }),
      ),
      myDebits: group(
        'Minhas dívidas',
        z.object({
          textMyDebits: text(5000, { label: 'Título de minhas dívidas', initial: 'Minhas Dívidas' }),
          subtextMyDebits: text(5000, {
            label: 'Legenda de minhas dívidas',
            initial: 'Você possui dívidas?',
          }),
          subtextPanelMyDebits: text(5000, { label: 'Texto do painel de dívidas' }),
          subtextPanelMyDebitsNotFound: text(5000, { label: 'Texto quando não há dívidas' }),
          textMyDebitsDetails: text(5000, { label: 'Texto do botão de detalhes', initial: 'Detalhes' }),
          textMyDebitsCantPay: text(5000, {
            label: 'Texto do botão "não posso pagar"',
            initial: 'Não posso pagar agora',
          }),
          textMyDebitsPaymentOptions: text(5000, {
            label: 'Texto das opções de pagamento',
            initial: 'Opções de parcelamento e propostas',
          }),
          textSalvarAcordos: text(5000, { label: 'Texto ao salvar o acordo' }),
          textChavePix: text(5000, { label: 'Texto da chave PIX' }),
          detailsMonthlyPayment: z
            .object({
              textConfirmaAcordo: textarea(10_000, 'Texto de confirmação do acordo', {
                initial: DEFAULT_AGREEMENT_CONFIRMATION,
              }),
            })
            .optional(),
          flgValorOriginal: flag('Mostrar o valor original'),
          flgAgruparContratos: flag('Agrupar contratos'),
          flgDesativarEnviarProposta: flag('Desativar o envio de proposta'),
          flgDesativarCartaoCredito: flag('Desativar o cartão de crédito'),
          flgAtivarEscolhaDoVencimento: flag('Permitir escolher o vencimento'),
          flgDesativarPix: flag('Desativar o PIX', { updateOnly: true }),
          flgDesativatBotaoNaoPossoPagar: flag('Desativar o botão "não posso pagar"', { updateOnly: true }),
          flgPortalUsaStage: flag('Portal usa stage', { updateOnly: true }),
          /** Address of the insurance offer that My debts links to (capability insuranceLink). */
          urlSeguro: link(5000),
          /**
           * The fraud-prevention device fingerprint script loaded on the card form after cookie consent (capability
           * deviceFingerprint); its host must be in CARD_FINGERPRINT_SCRIPT_HOSTS (the CSP).
           */
          urlScriptAntifraude: link(5000, 'Endereço do script antifraude (cartão)'),
        }),
      ),
      myAgreements: group(
        'Meus acordos',
        z.object({
          textMyAgreements: text(5000, { label: 'Título de meus acordos', initial: 'Meus Acordos' }),
          subtextMyAgreements: text(5000, {
            label: 'Legenda de meus acordos',
            initial: 'Consulte seus acordos e pagamentos.',
          }),
          subtextPanelMyAgreements: text(5000, { label: 'Texto do painel de acordos' }),
          subtextPanelMyAgreementsNotFound: text(5000, { label: 'Texto quando não há acordos' }),
          textMyAgreementsPayment: text(5000, {
            label: 'Texto do botão de pagamentos',
            initial: 'Visualizar pagamentos',
          }),
          textEmailBoleto: textarea(5000, 'Texto do e-mail do boleto'),
          flgTermoCofissao: flag('Termo de confissão de dívida'),
          flgPagueMe: flag('PagueMe'),
          flgIncluirHistorico: flag('Incluir o histórico'),
          flgPaginar: flag('Paginar os acordos', { updateOnly: true }),
        }),
      ),
    }),
    { id: 'personalizacao', title: 'Personalização' },
  ),
  creditor: z.object({ title: text(10_000), text: text(10_000) }),
};

export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

/** The campos of each section as the portal reads them. */
export type SectionFieldsByName = { [N in SectionName]: z.output<(typeof SECTIONS)[N]> };

/**
 * An image of the form. A new upload carries `arquivo` (base64, optionally as a data: URL); an image that is already
 * stored is referenced by `url` (`/files/<sha256>.<ext>`, as GET /api/parceiro/{id}/info answers) or `id` (the sha256).
 */
const files = z
  .array(
    z.object({
      identificador: z
        .union([lineText(100), z.number()])
        .optional()
        .transform((v) => (v === undefined ? undefined : String(v)))
        .optional(),
      tipoImagem: optionalText(50),
      arquivo: imageText()
        .transform((v) => v || undefined)
        .optional(),
      url: optionalText(500),
      id: optionalText(100),
      adicionais: z
        .object({ name: optionalText(255) })
        .nullish()
        .transform((v) => v ?? undefined)
        .optional(),
    }),
  )
  .max(30)
  .optional();
/** What a client may send for a setting of type T: any field left out, or null for "not filled". */
type Sent<T> = {
  [K in keyof T]?:
    | (NonNullable<T[K]> extends readonly unknown[]
        ? T[K]
        : NonNullable<T[K]> extends object
          ? Sent<NonNullable<T[K]>>
          : T[K])
    | null;
};

export type PartnerFormFile = Sent<NonNullable<z.output<typeof files>>[number]>;

const sessionSchema = z.discriminatedUnion(
  'nome',
  SECTION_NAMES.map((nome) =>
    z.object({ nome: z.literal(nome), campos: SECTIONS[nome].optional(), arquivos: files }),
  ) as unknown as [z.ZodObject<{ nome: z.ZodLiteral<string> }>],
);

export interface PartnerFormSection {
  nome: SectionName;
  campos?: Record<string, unknown>;
  arquivos?: PartnerFormFile[];
}

type PartnerFields = z.output<z.ZodObject<typeof PARTNER_FIELDS>>;

/** The partner payload of POST /api/parceiro and PUT /api/parceiro/{id} (spec 002 §3, §7). */
export type PartnerForm = Sent<PartnerFields> & {
  capacidades?: Partial<Record<keyof typeof CAPABILITIES, boolean>>;
  sessoes?: PartnerFormSection[];
  /** The partner's version the form was opened on (an update's); absent from a client that sends none. */
  versao?: number;
};

/** The payload's shape (types, lengths, known fields); the form's rules, in the spec's order, are partner-form.ts. */
export const partnerPayloadSchema: z.ZodType<PartnerForm, unknown> = z
  .object({
    ...PARTNER_FIELDS,
    capacidades: CAPABILITY_FIELDS,
    sessoes: z.array(sessionSchema).max(20).optional(),
    versao: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .transform((form) => form as PartnerForm);

/**
 * The back-office form's values: the payload with each section's campos under its name ('header.title',
 * 'customization.myDebits.flgValorOriginal': the paths the rules report) and the sections' images under `arquivos`.
 */
export const partnerSettingsSchema = section(
  z.object({
    ...PARTNER_FIELDS,
    ...Object.fromEntries(SECTION_NAMES.map((nome) => [nome, SECTIONS[nome].optional()])),
    capacidades: CAPABILITY_FIELDS,
    arquivos: z.partialRecord(z.enum(SECTION_NAMES as [SectionName, ...SectionName[]]), files).optional(),
  }),
  { id: 'identidade', title: 'Identificação' },
);

export type PartnerSettings = Omit<PartnerForm, 'sessoes'> & {
  [N in SectionName]?: Record<string, unknown>;
} & { arquivos?: Partial<Record<SectionName, PartnerFormFile[]>> };

/** The form's values of a payload. */
export function partnerSettingsFrom(form: PartnerForm): PartnerSettings {
  const { sessoes = [], ...partner } = form;
  const values: PartnerSettings = { ...partner, arquivos: {} };
  for (const { nome, campos, arquivos } of sessoes) {
    values[nome] = campos ?? {};
    if (arquivos) values.arquivos![nome] = arquivos;
  }
  return values;
}

const isTree = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nothing filled: no text, no true flag, no image (a step's code alone is nothing). */
function blank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(blank);
  if (isTree(value)) return Object.entries(value).every(([key, inner]) => key === 'code' || blank(inner));
  return false;
}

/**
 * The payload of the form's values. A section goes when it has something, or when `keep` names it (on update, the
 * sections the partner has: sending one empty is how it is cleared); an untouched empty section is not sent, so the
 * portal does not show it.
 */
export function partnerFormFrom(
  values: PartnerSettings,
  keep: ReadonlySet<SectionName> = new Set(),
): PartnerForm {
  const form: PartnerForm & Record<string, unknown> = {};
  const sessoes: PartnerFormSection[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (key === 'arquivos') continue;
    if (!(key in SECTIONS)) {
      form[key] = value;
      continue;
    }
    const nome = key as SectionName;
    const campos = (value as Record<string, unknown> | undefined) ?? {};
    const arquivos = values.arquivos?.[nome] ?? [];
    if (keep.has(nome) || arquivos.length > 0 || !blank(campos)) sessoes.push({ nome, campos, arquivos });
  }
  for (const nome of SECTION_NAMES) {
    const arquivos = values.arquivos?.[nome] ?? [];
    if (!(nome in values) && (keep.has(nome) || arquivos.length > 0))
      sessoes.push({ nome, campos: {}, arquivos });
  }
  return { ...form, sessoes };
}

export interface PartnerSettingDef extends SettingMeta {
  /** Its path in the form's values: 'nome', 'estilo.corPrimaria', 'customization.landPage.flgOverlay'. */
  path: string;
}

export interface PartnerFormGroup {
  title: string;
  fields: PartnerSettingDef[];
}

export interface PartnerFormSectionDef {
  id: string;
  title: string;
  errorKeys: string[];
  images: PartnerImageSlot[];
  fields: PartnerSettingDef[];
  groups: PartnerFormGroup[];
}

/** The schema inside optional/nullable wrappers, with the layout of every level. */
function unwrap(schema: z.ZodType): {
  inner: z.ZodType;
  layout: { section?: SectionLayout; group?: string };
} {
  let inner = schema;
  let layout = layoutMeta.get(inner) ?? {};
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
    inner = inner.unwrap() as z.ZodType;
    layout = { ...layoutMeta.get(inner), ...layout };
  }
  return { inner, layout };
}

/** Every setting (labelled or not) and the form's sections, walking the declaration in order. */
function describe(): { settings: PartnerSettingDef[]; sections: PartnerFormSectionDef[] } {
  const settings: PartnerSettingDef[] = [];
  const sections: PartnerFormSectionDef[] = [];
  let fields: PartnerSettingDef[] = [];
  const visit = (schema: z.ZodType, path: string) => {
    const meta = settingMeta.get(schema);
    if (meta) {
      const def = { ...meta, path };
      settings.push(def);
      if (def.label) fields.push(def);
      return;
    }
    const { inner, layout } = unwrap(schema);
    if (!(inner instanceof z.ZodObject)) return;
    if (layout.section) {
      const { images = [], errorKeys = [], ...heading } = layout.section;
      const opened: PartnerFormSectionDef = {
        ...heading,
        errorKeys,
        images: images.map((slot) => ({ ...slot, section: path as SectionName })),
        fields: [],
        groups: [],
      };
      sections.push(opened);
      fields = opened.fields;
    }
    if (layout.group) {
      const opened = { title: layout.group, fields: [] };
      sections.at(-1)!.groups.push(opened);
      fields = opened.fields;
    }
    for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      visit(child, path ? `${path}.${key}` : key);
    }
  };
  visit(partnerSettingsSchema, '');
  return { settings, sections };
}

const described = describe();

/** Every declared setting, in the form's order. */
export const PARTNER_SETTINGS: readonly PartnerSettingDef[] = described.settings;

/** The back-office form: its sections, their fields, groups and image slots (spec 002 §2 PostPartners, UpdatePartner). */
export const PARTNER_FORM_SECTIONS: readonly PartnerFormSectionDef[] = described.sections;

function withValue(tree: Record<string, unknown>, keys: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = keys;
  if (head === undefined) return tree;
  const next = rest.length === 0 ? value : withValue(isTree(tree[head]) ? tree[head] : {}, rest, value);
  return { ...tree, [head]: next };
}

/** Spec 002 §3 "Form defaults": the values a new partner starts with (texts verbatim), by path. */
export const PARTNER_FORM_DEFAULTS: PartnerSettings = PARTNER_SETTINGS.reduce<Record<string, unknown>>(
  (tree, def) => (def.initial === undefined ? tree : withValue(tree, def.path.split('.'), def.initial)),
  {},
);

/** A value of the form's values by path. */
export function settingAt(values: PartnerSettings, path: string): unknown {
  let node: unknown = values;
  for (const key of path.split('.'))
    node = isTree(node) || Array.isArray(node) ? (node as never)[key] : undefined;
  return node;
}
