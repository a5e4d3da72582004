import {
  formatBrDate,
  isWorkQueueKey,
  WORK_ITEM_STATUS_LABELS,
  WORK_ITEM_STATUSES,
  WORK_QUEUE_KEYS,
  WORK_QUEUES,
  type WorkQueueKey,
} from '@portal/domain';
import { Link, Navigate, useParams } from 'react-router';
import { useWorkItems, type WorkItemFilters } from '../api/work-queues';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import { QueueFilters, useQueueFilters } from '../components/QueueFilters';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import { personDocument, requestSummary } from '../lib/work-item-text';
import '../privacy-requests.css';
import '../work-queues.css';

const NO_FILTERS: WorkItemFilters = { parceiro: '', status: '' };
const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({
  value: status,
  label: WORK_ITEM_STATUS_LABELS[status],
}));

/**
 * /admin/filas/{fila} (issue 18 item 4): one work queue — proposals, disputes, cannot-pay reasons, contact requests
 * or LGPD requests — waiting items first, filtered by partner and status, page by page; each opens to be worked.
 */
export default function ListWorkQueue() {
  const { fila = '' } = useParams<{ fila: string }>();
  if (!isWorkQueueKey(fila)) return <Navigate to="/admin/filas/propostas" replace />;
  return (
    <AdminLayout>
      <WorkQueue key={fila} queue={fila} />
    </AdminLayout>
  );
}

const COLUMNS = ['Recebido em', 'Parceiro', 'Pessoa', 'Dívida', 'Pedido', 'Responsável', 'Status'];

function WorkQueue({ queue }: { queue: WorkQueueKey }) {
  const { filters, page, setPage, form, search } = useQueueFilters(NO_FILTERS);
  const items = useWorkItems(queue, filters, page);

  return (
    <AdminListPanel
      titleId="work-queue-title"
      title={`Filas de atendimento: ${WORK_QUEUES[queue].label}`}
      controls={
        <>
          <nav className="work-queues__tabs" aria-label="Filas">
            {WORK_QUEUE_KEYS.map((key) => (
              <Link
                key={key}
                to={`/admin/filas/${key}`}
                className="work-queues__tab"
                aria-current={key === queue ? 'page' : undefined}
              >
                {WORK_QUEUES[key].label}
              </Link>
            ))}
          </nav>
          <QueueFilters form={form} onSubmit={search} label="Filtrar a fila" statuses={STATUS_OPTIONS} />
        </>
      }
      query={items}
      failedText="Não foi possível carregar a fila."
      empty="Nenhum item nesta fila."
      emptyTestId="work-queue-empty"
      pager={{ page, onPage: setPage, label: 'Páginas da fila' }}
    >
      {(data) => (
        <AdminTable testId="work-queue" label={`Itens da fila ${WORK_QUEUES[queue].label}`} columns={COLUMNS}>
          {data.map((item) => (
            <tr key={item.id} data-testid="work-item">
              <td>
                <Link to={`/admin/filas/${queue}/${item.id}`} className="work-queues__open">
                  {brasiliaDateTimeFormat.format(new Date(item.recebido_em))}
                  <span className="sr-only"> — abrir o item de {item.pessoa.nome}</span>
                </Link>
                {item.prazo && <span className="privacy-queue__days">Prazo {formatBrDate(item.prazo)}</span>}
              </td>
              <td>{item.parceiro.nome}</td>
              <td>
                {item.pessoa.nome}
                <span className="privacy-queue__days">{personDocument(item)}</span>
              </td>
              <td>
                {item.divida ? (
                  <>
                    {item.divida.loja.nome}
                    <span className="privacy-queue__days">{item.divida.contratos.join(', ')}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>{requestSummary(item)}</td>
              <td>{item.responsavel?.usuario ?? 'Ninguém'}</td>
              <td>
                <span className="privacy-queue__status" data-testid="work-item-status">
                  {WORK_ITEM_STATUS_LABELS[item.status]}
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminListPanel>
  );
}
