import { z } from 'zod';
import { isBrazilianState } from '../address/cep';
import { isValidCpfCnpj, normalizeDocument } from '../document/cpf-cnpj';
import { maskCpfCnpj } from '../masks';
import type { NegotiationTerms } from '../negotiation/policy';
import { negotiationTermsSchema, policyFigure } from '../negotiation/policy-schema';
import { isValidEmail } from '../validation/email';
import { jsonCode, lineText } from '../validation/wire-fields';

// The back office's store form (issue 18 item 1; decision 027), run by the screen and by the server: the store,
// the partners serving it, its negotiation policy (null: never set, so no discount), its boleto and PIX data and
// its payment provider, whose credentials are references (an environment variable or a file), never a secret.

export const STORE_MESSAGES = {
  tradeNameRequired: 'O campo nome fantasia é obrigatório',
  legalNameRequired: 'O campo razão social é obrigatório',
  documentInvalid: 'Digite um CPF ou CNPJ válido!',
  documentTaken: 'Já existe uma loja com este CPF/CNPJ.',
  stateInvalid: 'Informe a UF de um estado, como SP.',
  partnerRepeated: 'Um parceiro aparece mais de uma vez.',
  toleranceRange: 'A tolerância deve estar entre 0 e 90 dias.',
  agreementInvalid: 'O convênio tem 7 dígitos.',
  agreementRequired: 'Informe o convênio para emitir segundas vias.',
  bankCodeInvalid: 'O código do banco tem 3 dígitos.',
  walletInvalid: 'A carteira tem de 1 a 3 dígitos.',
  pixKeyInvalid: 'Chave PIX inválida: use CPF, CNPJ, e-mail, telefone (+55...) ou chave aleatória.',
  providerRequired: 'Selecione o provedor de pagamento.',
  pixApiRequired: 'Informe o acesso à API Pix do provedor.',
  pixApiUrl: 'Informe o endereço https da API Pix.',
  pixApiClientId: 'Informe o client id da API Pix.',
  pixApiSecret:
    'Informe onde está o segredo: uma variável de ambiente PIX_API_... ou um arquivo .secret (caminho absoluto).',
  pixApiPath: 'Informe o caminho absoluto de um arquivo .pem, .crt ou .key.',
  pixApiAdminOnly: 'Somente um administrador pode mudar o acesso à API Pix de uma loja.',
  documentAdminOnly: 'Somente um administrador pode mudar o CPF/CNPJ de uma loja.',
  payeeAdminOnly: 'Somente um administrador pode mudar os dados de recebimento de uma loja.',
  payeeBoletosOpen:
    'Esta loja tem boletos em aberto emitidos com o banco, o convênio, a agência, a conta e a carteira atuais. Altere esses dados depois que eles forem pagos ou baixados.',
  changedMeanwhile:
    'Esta loja foi alterada por outra pessoa depois que você abriu o formulário, e nada foi salvo. Recarregue a página para ver os dados atuais e refaça a sua alteração.',
  created: 'Loja cadastrada com sucesso!',
  updated: 'Loja atualizada com sucesso!',
  switchedOff: 'Loja desativada com sucesso!',
  switchedOn: 'Loja reativada com sucesso!',
  notFound: 'Loja não encontrada.',
  partnerNotFound: 'Parceiro não encontrado.',
  ownPartnerRequired: 'Selecione ao menos um dos seus parceiros para atender a loja.',
  empty: 'Nenhuma loja cadastrada',
} as const;

/** Where a store's agreement payments are charged (apps/server pix-services COBV_PROVIDERS). */
export const STORE_PAYMENT_PROVIDERS = ['local', 'pix-api'] as const;
export type StorePaymentProvider = (typeof STORE_PAYMENT_PROVIDERS)[number];
export const STORE_PAYMENT_PROVIDER_LABELS: Record<StorePaymentProvider, string> = {
  local: 'PSP local (demonstração)',
  'pix-api': 'API Pix do provedor (Banco Central)',
};

const PHONE_KEY = /^\+55\d{10,11}$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A DICT key (Banco Central's PIX keys): CPF, CNPJ, e-mail, +55 phone or a random key (EVP). */
export function isValidPixKey(key: string): boolean {
  const text = key.trim();
  return isValidCpfCnpj(text) || isValidEmail(text) || PHONE_KEY.test(text) || RANDOM_KEY.test(text);
}

const text = (max: number) => lineText(max).trim();
const required = (max: number, message: string) => text(max).min(1, message);
/** An optional text: '' is stored as null. */
const optional = (max: number) => text(max).transform((value) => value || null);
const digits = (pattern: RegExp, message: string) => text(20).regex(pattern, message);

// Secrets stay out of the database: the client secret comes from an environment variable or a file the server
// reads, and only names it may read are accepted (so a reference cannot point the secret at any file on disk).
const SECRET_ENV = /^PIX_API_[A-Z0-9_]{1,60}$/;
const ABSOLUTE_FILE = (extensions: string) =>
  new RegExp(`^/(?:[A-Za-z0-9_][A-Za-z0-9_.-]*/)*[A-Za-z0-9_][A-Za-z0-9_.-]*\\.(?:${extensions})$`);
const KEY_FILE = ABSOLUTE_FILE('pem|crt|key');
const SECRET_FILE = ABSOLUTE_FILE('secret');
const noDotDot = (path: string) => !path.split('/').includes('..');
const filePath = (pattern: RegExp, message: string) =>
  text(500).regex(pattern, message).refine(noDotDot, message);

/** A store's API Pix access (apps/server PixApiStoreConfig): references to its secrets, never the secrets. */
export const pixApiAccessSchema = z
  .object({
    baseUrl: text(300).regex(/^https:\/\/[^\s/]+/i, STORE_MESSAGES.pixApiUrl),
    clientId: required(200, STORE_MESSAGES.pixApiClientId),
    clientSecretEnv: text(70).optional(),
    clientSecretFile: text(500).optional(),
    certPath: filePath(KEY_FILE, STORE_MESSAGES.pixApiPath),
    keyPath: filePath(KEY_FILE, STORE_MESSAGES.pixApiPath),
    caPath: z.union([z.literal(''), filePath(KEY_FILE, STORE_MESSAGES.pixApiPath)]).optional(),
  })
  .superRefine((access, ctx) => {
    const env = access.clientSecretEnv ?? '';
    const file = access.clientSecretFile ?? '';
    const envOk = env === '' || SECRET_ENV.test(env);
    const fileOk = file === '' || (SECRET_FILE.test(file) && noDotDot(file));
    if (!envOk || !fileOk || (env === '') === (file === ''))
      ctx.addIssue({ code: 'custom', path: ['clientSecretEnv'], message: STORE_MESSAGES.pixApiSecret });
  })
  .transform(({ clientSecretEnv, clientSecretFile, caPath, ...access }) => ({
    ...access,
    ...(clientSecretEnv ? { clientSecretEnv } : {}),
    ...(clientSecretFile ? { clientSecretFile } : {}),
    ...(caPath ? { caPath } : {}),
  }));

export type PixApiAccess = z.output<typeof pixApiAccessSchema>;

/** POST /api/lojas and PUT /api/lojas/{id}: the whole store, as the form sends it. */
export const storeFormSchema = z
  .object({
    nome_fantasia: required(120, STORE_MESSAGES.tradeNameRequired),
    razao_social: required(200, STORE_MESSAGES.legalNameRequired),
    cpf_cnpj: text(20).refine(isValidCpfCnpj, STORE_MESSAGES.documentInvalid).transform(normalizeDocument),
    cidade: optional(80),
    estado: z
      .union([z.literal(''), text(2).refine(isBrazilianState, STORE_MESSAGES.stateInvalid)])
      .transform((uf) => uf.toUpperCase() || null),
    parceiros: z
      .array(z.object({ parceiro: jsonCode, negocia: z.boolean() }))
      .max(1000)
      .refine(
        (links) => new Set(links.map((l) => l.parceiro)).size === links.length,
        STORE_MESSAGES.partnerRepeated,
      ),
    /** Days to the first due date (prazo_maximo_entrada_site), part of the policy the engine reads. */
    prazo_maximo_entrada_site: policyFigure('maxEntryDays'),
    tolerancia_quebra_dias: z
      .number({ error: STORE_MESSAGES.toleranceRange })
      .int(STORE_MESSAGES.toleranceRange)
      .min(0, STORE_MESSAGES.toleranceRange)
      .max(90, STORE_MESSAGES.toleranceRange),
    loj_emite_segunda_via: z.boolean(),
    boleto_convenio: z
      .union([z.literal(''), digits(/^\d{7}$/, STORE_MESSAGES.agreementInvalid)])
      .transform((value) => value || null),
    loj_cartao_de_credito_recorrente: z.boolean(),
    /** loj_tipo_agrupamento_negociacao = contratos_iguais: one debt card per contract (decision 008). */
    contratos_iguais: z.boolean(),
    /** A stored image's URL (kept) or a new one as base64 / data: URL; '' for none. */
    logo: z.string().max(3_000_000),
    banco_codigo: digits(/^\d{3}$/, STORE_MESSAGES.bankCodeInvalid),
    banco_agencia: optional(20),
    banco_conta: optional(20),
    banco_carteira: digits(/^\d{1,3}$/, STORE_MESSAGES.walletInvalid),
    beneficiario_nome: optional(120),
    chave_pix: z
      .union([z.literal(''), text(77).refine(isValidPixKey, STORE_MESSAGES.pixKeyInvalid)])
      .transform((key) => key || null),
    provedor_pagamento: z.enum(STORE_PAYMENT_PROVIDERS, { error: STORE_MESSAGES.providerRequired }),
    pix_api: pixApiAccessSchema.nullable(),
    /** null: staff never set a policy, so the store offers no discount (UNSET_NEGOTIATION_POLICY). */
    politica: negotiationTermsSchema.nullable(),
    /** The store's version the form was opened on (StoreItem.versao); absent from a client that sends none. */
    versao: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .superRefine((store, ctx) => {
    if (store.loj_emite_segunda_via && store.boleto_convenio === null)
      ctx.addIssue({ code: 'custom', path: ['boleto_convenio'], message: STORE_MESSAGES.agreementRequired });
    if (store.provedor_pagamento === 'pix-api' && store.pix_api === null)
      ctx.addIssue({ code: 'custom', path: ['pix_api'], message: STORE_MESSAGES.pixApiRequired });
  });

export type StoreFormInput = z.input<typeof storeFormSchema>;
export type StoreForm = z.output<typeof storeFormSchema>;

/** PUT /api/lojas/{id}/situacao: switch a store off (its debts stay, it negotiates nothing) or on again. */
export const storeSwitchSchema = z.object({ ativa: z.boolean() });

/** A store as GET /api/lojas lists it and GET /api/lojas/{id} answers it. */
export interface StoreItem {
  id: number;
  nome_fantasia: string;
  razao_social: string;
  cpf_cnpj: string;
  cidade: string | null;
  estado: string | null;
  ativa: boolean;
  desativada_em: string | null;
  logo_url: string | null;
  /** The partners serving it (an operator sees only theirs); an archived one (decision 014) says since when. */
  parceiros: { id: number; nome: string; negocia: boolean; arquivado_em: string | null }[];
  prazo_maximo_entrada_site: number;
  tolerancia_quebra_dias: number;
  loj_emite_segunda_via: boolean;
  boleto_convenio: string | null;
  loj_cartao_de_credito_recorrente: boolean;
  contratos_iguais: boolean;
  banco_codigo: string;
  banco_agencia: string | null;
  banco_conta: string | null;
  banco_carteira: string;
  beneficiario_nome: string | null;
  chave_pix: string | null;
  provedor_pagamento: string;
  pix_api: PixApiAccess | null;
  politica: NegotiationTerms | null;
  /** Counts the form's saves: sent back with the form, so a save over another's is refused (decision 088). */
  versao: number;
}

/** The form's values for a stored store (or, without one, a new store's: no policy, so no discount). */
export function storeFormValues(item?: StoreItem): StoreFormInput {
  return {
    nome_fantasia: item?.nome_fantasia ?? '',
    razao_social: item?.razao_social ?? '',
    cpf_cnpj: item ? maskCpfCnpj(item.cpf_cnpj) : '',
    cidade: item?.cidade ?? '',
    estado: item?.estado ?? '',
    parceiros: item?.parceiros.map((p) => ({ parceiro: p.id, negocia: p.negocia })) ?? [],
    prazo_maximo_entrada_site: item?.prazo_maximo_entrada_site ?? 10,
    tolerancia_quebra_dias: item?.tolerancia_quebra_dias ?? 5,
    loj_emite_segunda_via: item?.loj_emite_segunda_via ?? false,
    boleto_convenio: item?.boleto_convenio ?? '',
    loj_cartao_de_credito_recorrente: item?.loj_cartao_de_credito_recorrente ?? false,
    contratos_iguais: item?.contratos_iguais ?? false,
    logo: item?.logo_url ?? '',
    banco_codigo: item?.banco_codigo ?? '001',
    banco_agencia: item?.banco_agencia ?? '',
    banco_conta: item?.banco_conta ?? '',
    banco_carteira: item?.banco_carteira ?? '17',
    beneficiario_nome: item?.beneficiario_nome ?? '',
    chave_pix: item?.chave_pix ?? '',
    provedor_pagamento: (item?.provedor_pagamento as StorePaymentProvider | undefined) ?? 'local',
    pix_api: item?.pix_api ?? null,
    politica: item?.politica ?? null,
    versao: item?.versao,
  };
}

/** POST /api/lojas/simulacao: the plans a policy gives for a sample debt, before it is saved. */
export const storePreviewSchema = z.object({
  politica: negotiationTermsSchema.nullable(),
  /** The sample debt: one overdue instalment of this many centavos, this many days late. */
  valor: z
    .number()
    .int()
    .min(100, 'Informe um valor de ao menos R$ 1,00.')
    .max(1_000_000_000)
    .default(100_000),
  dias_atraso: z.number().int().min(0).max(3650, 'Informe até 3650 dias de atraso.').default(90),
});

export type StorePreviewInput = z.input<typeof storePreviewSchema>;

/** One plan of the preview, in the shape of pre_acordo's figures (centavos). */
export interface StorePreviewPlan {
  parcelas: number;
  entrada: number;
  parcela: number;
  total: number;
  desconto: number;
  porcentagem_desconto: number;
}

export interface StorePreview {
  /** The sample debt updated to today: principal and charges (fine + interest). */
  principal: number;
  encargos: number;
  /** Pay in full first (parcelas 0), then the instalment plans. */
  planos: StorePreviewPlan[];
}
