import type {
  CounterOffer,
  WorkItem,
  WorkItemAction,
  WorkItemDetail,
  WorkItemPage,
  WorkItemStatus,
  WorkQueueKey,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StaffScope } from '../../repositories/staff-scope';
import {
  findWorkItem,
  listWorkItemEvents,
  listWorkItemsPage,
  sourceOf,
  type WorkItemFilters,
  type WorkItemRow,
} from '../../repositories/work-queue-repository';
import { workItemDebt } from './work-item-debt';

/** Items per page of GET /api/filas. */
export const WORK_ITEMS_PER_PAGE = 20;

const offer = (value: WorkItemRow['proposal']): CounterOffer | null =>
  value && {
    entrada: value.entryCents,
    quantidade_parcelas: value.instalmentCount,
    valor_parcela: value.instalmentCents,
  };

/**
 * A stored item in the API's words (docs/api.md "Work queues"), as the queue shows it: the person's e-mail and phone
 * are on the item's page only (getWorkItem), but the phone a call request gives is part of what it asks.
 */
export function toWorkItem(queue: WorkQueueKey, row: WorkItemRow): WorkItem {
  return {
    fila: queue,
    id: row.id,
    parceiro: { id: row.partnerId, nome: row.partnerName },
    status: row.status,
    responsavel: row.assigneeId === null ? null : { id: row.assigneeId, usuario: row.assigneeName ?? '' },
    recebido_em: row.createdAt.toISOString(),
    prazo: row.dueOn,
    pessoa: { nome: row.name, cpf_cnpj: row.cpfCnpj },
    divida: row.store && { loja: { id: row.store.id, nome: row.store.name }, contratos: row.contractNumbers },
    pedido: {
      motivo: row.reason,
      proposta: offer(row.proposal),
      texto: row.text,
      protocolo: row.protocol,
      tipo: row.requestType,
      telefone: queue === 'ligacoes' ? row.phone : null,
    },
    resposta:
      row.answeredAt === null
        ? null
        : {
            texto: row.answerText ?? '',
            em: row.answeredAt.toISOString(),
            por: row.answeredByName,
            contraproposta: offer(row.counterOffer),
          },
  };
}

/** One page of a queue, within the staff member's partners (issue 18 item 4). */
export async function listWorkItems(
  db: Db,
  scope: StaffScope,
  queue: WorkQueueKey,
  filters: WorkItemFilters,
  page: number,
): Promise<WorkItemPage> {
  const { rows, total } = await listWorkItemsPage(db, scope, queue, filters, page, WORK_ITEMS_PER_PAGE);
  return {
    data: rows.map((row) => toWorkItem(queue, row)),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / WORK_ITEMS_PER_PAGE)),
      per_page: WORK_ITEMS_PER_PAGE,
      total,
    },
  };
}

/**
 * One item with its history and, for a debtor request, what the person owes at its store today (what a counter-offer
 * is checked against, decision 044); another partner's than an operator's is not found.
 */
export async function getWorkItem(
  db: Db,
  scope: StaffScope,
  queue: WorkQueueKey,
  id: number,
): Promise<WorkItemDetail> {
  const row = await findWorkItem(db, scope, queue, id);
  if (!row) throw new AppError('WORK_ITEM_NOT_FOUND');
  const [events, debt] = await Promise.all([
    listWorkItemEvents(db, sourceOf(queue), id),
    workItemDebt(db, row),
  ]);
  const item = toWorkItem(queue, row);
  return {
    ...item,
    pessoa: { ...item.pessoa, email: row.email, telefone: row.phone },
    historico: events.map((event) => ({
      acao: event.action as WorkItemAction,
      status: event.status as WorkItemStatus,
      responsavel: event.assigneeName,
      usuario: event.username,
      em: event.at.toISOString(),
    })),
    divida_hoje: debt,
  };
}
