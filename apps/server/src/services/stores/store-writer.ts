import { isDeepStrictEqual } from 'node:util';
import { STORE_MESSAGES, type StoreForm, type StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { existingPartnerIds } from '../../repositories/staff-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';
import {
  findStaffStore,
  type StaffStoreRow,
  type StoreValues,
} from '../../repositories/store-admin-repository';
import { fileUrl } from '../files/store-image';
import { storeUploadedImage } from '../files/upload-image';
import { toStoreItem } from './list-stores';

// What create-store and update-store share: the form turned into the store's row, its logo stored, its partners
// checked against the caller's scope. Not a use case of its own.

/** The logo kept (its URL sent back as it was), removed (''), or a new upload. */
async function logoFile(db: Db, logo: string, current: StaffStoreRow | undefined): Promise<string | null> {
  if (logo === '') return null;
  if (current?.logo && logo === fileUrl(current.logo)) return current.logo.sha256;
  return (await storeUploadedImage(db, logo, 'partnerLogo', { campo: 'logo' })).sha256;
}

/**
 * The API Pix access names secrets of the server (an environment variable or file, the mTLS files) and where they
 * are sent (`baseUrl`), and it may name any store's, since they are references. So only an administrator sets or
 * changes one; an operator keeps the store's as it is (and its PSP: keepsPayee). Otherwise an operator could send
 * another store's secret, or this store's (which other partners may share), to a PSP of their own.
 */
function pixApiAccess(scope: StaffScope, form: StoreForm, current: StaffStoreRow | undefined) {
  const access = form.provedor_pagamento === 'pix-api' ? form.pix_api : null;
  if (access && scope.role !== 'administrator' && !isDeepStrictEqual(access, current?.store.pixApi))
    throw new AppError('STORE_PIX_API_ADMIN_ONLY', { pix_api: STORE_MESSAGES.pixApiAdminOnly });
  return access;
}

/**
 * The import files a creditor's debts under the store of its CPF/CNPJ, for every partner that serves it: only an
 * administrator creates a store (route access) or changes its CPF/CNPJ, else an operator could give their store a
 * creditor's CPF/CNPJ before its debts are imported for another partner, and serve them.
 */
function storeDocument(scope: StaffScope, form: StoreForm, current: StaffStoreRow | undefined): string {
  if (scope.role !== 'administrator' && form.cpf_cnpj !== current?.store.cpfCnpj)
    throw new AppError('STORE_DOCUMENT_ADMIN_ONLY', { cpf_cnpj: STORE_MESSAGES.documentAdminOnly });
  return form.cpf_cnpj;
}

// Where a store's money goes, and the form field of each: what the debtors of every partner serving it pay into.
export const PAYEE_FIELDS = {
  bankCode: 'banco_codigo',
  bankBranch: 'banco_agencia',
  bankAccount: 'banco_conta',
  boletoWallet: 'banco_carteira',
  beneficiaryName: 'beneficiario_nome',
  boletoAgreement: 'boleto_convenio',
  pixKey: 'chave_pix',
  paymentProvider: 'provedor_pagamento',
} as const satisfies Partial<Record<keyof StoreValues, keyof StoreForm>>;

/**
 * Only an administrator changes where a store's money goes: an operator's save keeps it, or an operator of one
 * partner could send to an account of theirs what the debtors of every partner serving the store pay.
 */
function keepsPayee(scope: StaffScope, values: StoreValues, current: StaffStoreRow | undefined): StoreValues {
  if (scope.role === 'administrator') return values;
  const keys = Object.keys(PAYEE_FIELDS) as (keyof typeof PAYEE_FIELDS)[];
  const changed = keys.find((key) => !isDeepStrictEqual(values[key] ?? null, current?.store[key] ?? null));
  if (changed)
    throw new AppError('STORE_PAYEE_ADMIN_ONLY', { [PAYEE_FIELDS[changed]]: STORE_MESSAGES.payeeAdminOnly });
  return values;
}

/** The store's row for the form, checked against what the caller may set. */
export async function storeValues(
  db: Db,
  scope: StaffScope,
  form: StoreForm,
  current?: StaffStoreRow,
): Promise<StoreValues> {
  const pixApi = pixApiAccess(scope, form, current);
  return keepsPayee(
    scope,
    {
      tradeName: form.nome_fantasia,
      legalName: form.razao_social,
      cpfCnpj: storeDocument(scope, form, current),
      city: form.cidade,
      state: form.estado,
      logoFile: await logoFile(db, form.logo, current),
      maxEntryDays: form.prazo_maximo_entrada_site,
      breakToleranceDays: form.tolerancia_quebra_dias,
      issuesSecondCopy: form.loj_emite_segunda_via,
      boletoAgreement: form.boleto_convenio,
      recurringCard: form.loj_cartao_de_credito_recorrente,
      groupingType: form.contratos_iguais ? 'contratos_iguais' : null,
      bankCode: form.banco_codigo,
      bankBranch: form.banco_agencia,
      bankAccount: form.banco_conta,
      boletoWallet: form.banco_carteira,
      beneficiaryName: form.beneficiario_nome,
      pixKey: form.chave_pix,
      paymentProvider: form.provedor_pagamento,
      pixApi,
      negotiationPolicy: form.politica,
    },
    current,
  );
}

/**
 * The store's partner links the caller may set: partners that exist and are in their scope (another partner is
 * "not found", as if it did not exist); an operator keeps one partner of theirs at least, or the store would
 * leave their view.
 */
export async function storeLinks(
  db: Db,
  scope: StaffScope,
  form: StoreForm,
): Promise<{ partnerId: number; negotiates: boolean }[]> {
  const wanted = form.parceiros.map((link) => link.parceiro);
  const found = new Set(await existingPartnerIds(db, wanted));
  if (wanted.some((id) => !found.has(id) || !seesPartner(scope, id)))
    throw new AppError('STORE_PARTNER_NOT_FOUND', { parceiros: STORE_MESSAGES.partnerNotFound });
  if (scope.partnerIds !== null && wanted.length === 0)
    throw new AppError('STORE_OWN_PARTNER_REQUIRED', {
      parceiros: STORE_MESSAGES.ownPartnerRequired,
    });
  return form.parceiros.map((link) => ({ partnerId: link.parceiro, negotiates: link.negocia }));
}

/** The store as written, read back in the write's transaction for its answer and its audit row. */
export async function writtenStore(db: Db, scope: StaffScope, id: number): Promise<StoreItem> {
  const row = await findStaffStore(db, scope, id);
  if (!row) throw new AppError('STORE_NOT_FOUND');
  return toStoreItem(row);
}
