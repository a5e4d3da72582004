import type { NegotiationTerms } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { staffUsers } from './staff';

export interface PartnerStyleColumn {
  corPrimaria: string;
  corSecundaria: string;
}

/**
 * How a store reaches its PSP's API Pix (provedor_pagamento 'pix-api'). Secrets are never stored here: the client
 * secret is named by an environment variable or a file path, and the mTLS certificate, key and CA are file paths.
 */
export interface PixApiStoreConfig {
  baseUrl: string;
  clientId: string;
  clientSecretEnv?: string;
  clientSecretFile?: string;
  certPath: string;
  keyPath: string;
  caPath?: string;
}

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  identifier: text('identificador').notNull().unique(),
  name: text('nome').notNull(),
  companyCode: integer('emp_codigo').notNull().unique(),
  logoFile: text('logo_file').references(() => files.sha256),
  logoType: text('tipo_logo'),
  faviconFile: text('favicon_file').references(() => files.sha256),
  style: jsonb('estilo').$type<PartnerStyleColumn>().notNull(),
  metaPixelId: text('pixel_meta'),
  hotjarId: text('hotjar_id'),
  creditorAccessUrl: text('creditor_access_url'),
  /** Token handed to the portal by retornarTokenEmpresa; null means the portal is switched off. */
  companyToken: text('company_token'),
  /** Robot check of the partner's group; the secret of a hosted provider comes from the environment. */
  captchaProvider: text('captcha_provider')
    .$type<'altcha' | 'turnstile' | 'recaptcha' | 'hcaptcha'>()
    .notNull()
    .default('altcha'),
  captchaSiteKey: text('captcha_site_key'),
  capabilities: jsonb('capabilities').$type<Record<string, boolean>>().notNull().default({}),
  /**
   * Set when staff archive the partner (DELETE /api/parceiro/{id}, decision 014): its portal is switched off and it
   * leaves the active list, while its records stay. A partner row is never deleted.
   */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  archivedBy: integer('archived_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** Counts the partner form's saves: a save from a form opened before another is refused (decision 090). */
  version: integer('versao').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every subdomain and company code a partner has had, its current ones included (decision 087): e-mails already sent
 * and step logs name them, so once used they are that partner's for good. Written in the save's transaction; the
 * unique indexes settle two saves racing for one name. Never deleted (`RESTRICT`, like the partner's records).
 */
export const partnerNames = pgTable(
  'partner_names',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    identifier: text('identificador'),
    companyCode: integer('emp_codigo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_names_identificador_key').on(t.identifier),
    uniqueIndex('partner_names_emp_codigo_key').on(t.companyCode),
    check('partner_names_one_name', sql`num_nonnulls(${t.identifier}, ${t.companyCode}) = 1`),
  ],
);

export const partnerSections = pgTable(
  'partner_sections',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    fields: jsonb('campos').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('partner_sections_partner_name').on(t.partnerId, t.name)],
);

export const partnerSectionFiles = pgTable('partner_section_files', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => partnerSections.id, { onDelete: 'cascade' }),
  identifier: text('identificador').notNull(),
  imageType: text('tipo_imagem').notNull(),
  fileSha256: text('file_sha256')
    .notNull()
    .references(() => files.sha256),
  name: text('nome').notNull().default(''),
  position: integer('posicao').notNull().default(0),
});

/** Creditor stores (loja). */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    tradeName: text('loj_fantasia').notNull(),
    legalName: text('loj_razao_social').notNull(),
    cpfCnpj: text('loj_cpf_cnpj').notNull(),
    logoFile: text('logo_file').references(() => files.sha256),
    maxEntryDays: integer('prazo_maximo_entrada_site').notNull().default(10),
    /** Days after its due date an agreement's entry may stay unpaid before the agreement is broken (issue 17). */
    breakToleranceDays: integer('tolerancia_quebra_dias').notNull().default(5),
    issuesSecondCopy: boolean('loj_emite_segunda_via').notNull().default(false),
    /** Banco do Brasil convênio (7 digits) the store's second-copy boletos are issued under. */
    boletoAgreement: text('boleto_convenio'),
    /** PIX key paid by the store's PIX codes; the store's CNPJ when unset. */
    pixKey: text('chave_pix'),
    /** Where the store's agreement payments are charged (packages/domain payment-providers; 'local' by default). */
    paymentProvider: text('provedor_pagamento').notNull().default('local'),
    /** The store's API Pix access when its provider is 'pix-api' (references to secrets only). */
    pixApi: jsonb('pix_api').$type<PixApiStoreConfig>(),
    /** The bank account the store's boletos credit (FEBRABAN: bank, agency, account, wallet; the convênio above). */
    bankCode: text('banco_codigo').notNull().default('001'),
    bankBranch: text('banco_agencia'),
    bankAccount: text('banco_conta'),
    boletoWallet: text('banco_carteira').notNull().default('17'),
    /** The beneficiary printed on boletos and named in PIX codes; the legal name when unset. */
    beneficiaryName: text('beneficiario_nome'),
    recurringCard: boolean('loj_cartao_de_credito_recorrente').notNull().default(false),
    groupingType: text('loj_tipo_agrupamento_negociacao'),
    /**
     * Fine, interest, discounts and limits of the store's negotiation as staff set them (packages/domain
     * negotiationTermsSchema). Null: nobody set one, so the store offers no discount (UNSET_NEGOTIATION_POLICY,
     * decision 027); an import never sets it.
     */
    negotiationPolicy: jsonb('politica_negociacao').$type<NegotiationTerms>(),
    /** Set when staff switch the store off: its debts stay visible, but it negotiates nothing. A store is never deleted. */
    switchedOffAt: timestamp('desativada_em', { withTimezone: true }),
    switchedOffBy: integer('desativada_por').references(() => staffUsers.id, { onDelete: 'set null' }),
    city: text('cidade'),
    state: text('estado'),
    /** Counts the store form's saves: a save from a form opened before another is refused (decision 088). */
    version: integer('versao').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stores_cpf_cnpj').on(t.cpfCnpj)],
);

/** Which stores a partner serves; negotiates=false are the loj_codigo_nao_negocia stores (boletos only). */
export const partnerStores = pgTable(
  'partner_stores',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    negotiates: boolean('negocia').notNull().default(true),
  },
  (t) => [uniqueIndex('partner_stores_pk').on(t.partnerId, t.storeId)],
);
