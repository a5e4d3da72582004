import type { RemessaListItem, RemessaListPage } from '@portal/domain';
import type { Db } from '../../db/client';
import { type CnabFileSummary, listCnabFiles } from '../../repositories/cnab-repository';

export const REMESSAS_PER_PAGE = 20;

/** The back office's list of remessas (newest first), in the admin API's shape (docs/api.md "Cobrança"). */
export async function listRemessas(db: Db, page: number): Promise<RemessaListPage> {
  const { total, files } = await listCnabFiles(db, 'remessa', {
    offset: (page - 1) * REMESSAS_PER_PAGE,
    limit: REMESSAS_PER_PAGE,
  });
  return {
    data: files.map(remessaWire),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / REMESSAS_PER_PAGE)),
      per_page: REMESSAS_PER_PAGE,
      total,
    },
  };
}

/** A remessa in the admin API's shape; a file just written has no store name or title count joined yet. */
export function remessaWire(
  file: Omit<CnabFileSummary, 'storeName' | 'titles'> &
    Partial<Pick<CnabFileSummary, 'storeName' | 'titles'>>,
): RemessaListItem {
  return {
    id: file.id,
    loja: file.storeId === null ? null : { id: file.storeId, nome: file.storeName ?? null },
    banco: file.bankCode,
    convenio: file.agreement,
    nsa: file.sequence,
    data: file.businessDate,
    nome_arquivo: file.fileName,
    titulos: file.titles ?? null,
    criado_por: file.createdBy,
    criado_em: file.createdAt.toISOString(),
  };
}
