import type { StoreItem } from '@portal/domain';
import type { Db } from '../../db/client';
import type { StaffScope } from '../../repositories/staff-scope';
import { listStaffStores, type StaffStoreRow } from '../../repositories/store-admin-repository';
import { fileUrl } from '../files/store-image';

/** A store as the back office shows it: its API Pix access is references only, so nothing secret is in it. */
export function toStoreItem({ store, logo, links }: StaffStoreRow): StoreItem {
  return {
    id: store.id,
    nome_fantasia: store.tradeName,
    razao_social: store.legalName,
    cpf_cnpj: store.cpfCnpj,
    cidade: store.city,
    estado: store.state,
    ativa: store.switchedOffAt === null,
    desativada_em: store.switchedOffAt?.toISOString() ?? null,
    logo_url: logo ? fileUrl(logo) : null,
    parceiros: links.map((link) => ({
      id: link.partnerId,
      nome: link.partnerName,
      negocia: link.negotiates,
      arquivado_em: link.partnerArchivedAt?.toISOString() ?? null,
    })),
    prazo_maximo_entrada_site: store.maxEntryDays,
    tolerancia_quebra_dias: store.breakToleranceDays,
    loj_emite_segunda_via: store.issuesSecondCopy,
    boleto_convenio: store.boletoAgreement,
    loj_cartao_de_credito_recorrente: store.recurringCard,
    contratos_iguais: store.groupingType === 'contratos_iguais',
    banco_codigo: store.bankCode,
    banco_agencia: store.bankBranch,
    banco_conta: store.bankAccount,
    banco_carteira: store.boletoWallet,
    beneficiario_nome: store.beneficiaryName,
    chave_pix: store.pixKey,
    provedor_pagamento: store.paymentProvider,
    pix_api: store.pixApi,
    politica: store.negotiationPolicy,
    versao: store.version,
  };
}

/** GET /api/lojas: the stores the caller reaches (an operator: those their partners serve), by trade name. */
export async function listStores(db: Db, scope: StaffScope): Promise<StoreItem[]> {
  return (await listStaffStores(db, scope)).map(toStoreItem);
}
