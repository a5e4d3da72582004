import {
  type PrivacyRequestListItem,
  type PrivacyRequestListPage,
  privacyRequestDaysLeft,
} from '@portal/domain';
import type { Db } from '../../db/client';
import {
  listRightsRequestsPage,
  type RightsRequestFilters,
  type RightsRequestListRow,
} from '../../repositories/rights-request-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/** Requests per page of GET /api/solicitacoes-privacidade. */
export const RIGHTS_REQUESTS_PER_PAGE = 20;

/** A stored request as the queue shows it, days left counted from `now`. */
export function toRightsRequestItem(row: RightsRequestListRow, now: Date): PrivacyRequestListItem {
  return {
    id: row.id,
    protocolo: row.protocol,
    parceiro: { id: row.partnerId, nome: row.partnerName, identificador: row.partnerIdentifier },
    tipo: row.requestType,
    nome: row.name,
    email: row.email,
    telefone: row.phone,
    solicitacao: row.message,
    recebida_em: row.createdAt.toISOString(),
    prazo: row.dueOn,
    dias_restantes: row.status === 'answered' ? null : privacyRequestDaysLeft(row.dueOn, now),
    status: row.status,
    respondida_em: row.answeredAt?.toISOString() ?? null,
    resposta: row.answerText,
    identificada: row.personId !== null,
  };
}

/**
 * The back office's privacy queue (issue 6 item 1): the scope's requests filtered by partner, status and the Brasília dates
 * they arrived, waiting ones first by nearest deadline, paginated like GET /api/parceiro.
 */
export async function listRightsRequests(
  db: Db,
  scope: StaffScope,
  filters: RightsRequestFilters,
  page: number,
  now: Date = new Date(),
): Promise<PrivacyRequestListPage> {
  const { rows, total } = await listRightsRequestsPage(db, scope, filters, page, RIGHTS_REQUESTS_PER_PAGE);
  return {
    data: rows.map((row) => toRightsRequestItem(row, now)),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / RIGHTS_REQUESTS_PER_PAGE)),
      per_page: RIGHTS_REQUESTS_PER_PAGE,
      total,
    },
  };
}
