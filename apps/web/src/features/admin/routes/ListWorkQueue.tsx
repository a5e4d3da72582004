import {
  formatBrDate,
  isWorkQueueKey,
  WORK_ITEM_STATUS_LABELS,
  WORK_ITEM_STATUSES,
  WORK_QUEUE_KEYS,
  WORK_QUEUES,
  type WorkQueueKey,
} from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import { Form } from '../../../components/form/Form';
import { SelectInput } from '../../../components/form/fields';
import { QueryView } from '../../../components/ui/QueryView';
import { useWorkItems, type WorkItemFilters } from '../api/work-queues';
import { AdminLayout } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { usePartnerOptions } from '../components/usePartnerOptions';
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

function WorkQueue({ queue }: { queue: WorkQueueKey }) {
  const [filters, setFilters] = useState<WorkItemFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const partners = usePartnerOptions();
  const items = useWorkItems(queue, filters, page);
  // The filters apply on 'Pesquisar' (they have no rules to check).
  const form = useForm<WorkItemFilters>({ defaultValues: NO_FILTERS });

  return (
    <section className="admin-panel" aria-labelledby="work-queue-title" aria-busy={items.isPending}>
      <div className="admin-panel__head">
        <h1 id="work-queue-title" className="admin-panel__title">
          Filas de atendimento: {WORK_QUEUES[queue].label}
        </h1>
      </div>
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
      <Form
        form={form}
        onSubmit={(asked) => {
          setPage(1);
          setFilters({ ...asked });
        }}
        className="privacy-queue__filters"
        aria-label="Filtrar a fila"
      >
        <SelectInput label="Parceiro" name="parceiro" placeholder="Todos os parceiros" options={partners} />
        <SelectInput label="Status" name="status" placeholder="Todos" options={STATUS_OPTIONS} />
        <button type="submit" className="btn btn--primary privacy-queue__search">
          Pesquisar
        </button>
      </Form>
      <QueryView query={items} look="admin" failedText="Não foi possível carregar a fila.">
        {({ data }) =>
          data.length === 0 ? (
            <p className="admin-panel__empty" data-testid="work-queue-empty">
              Nenhum item nesta fila.
            </p>
          ) : (
            <section
              className="privacy-queue__scroll"
              aria-label={`Itens da fila ${WORK_QUEUES[queue].label}`}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; the keyboard must reach it
              tabIndex={0}
            >
              <table className="privacy-queue" data-testid="work-queue">
                <thead>
                  <tr>
                    <th scope="col">Recebido em</th>
                    <th scope="col">Parceiro</th>
                    <th scope="col">Pessoa</th>
                    <th scope="col">Dívida</th>
                    <th scope="col">Pedido</th>
                    <th scope="col">Responsável</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((item) => (
                    <tr key={item.id} data-testid="work-item">
                      <td>
                        <Link to={`/admin/filas/${queue}/${item.id}`} className="work-queues__open">
                          {brasiliaDateTimeFormat.format(new Date(item.recebido_em))}
                          <span className="sr-only"> — abrir o item de {item.pessoa.nome}</span>
                        </Link>
                        {item.prazo && (
                          <span className="privacy-queue__days">Prazo {formatBrDate(item.prazo)}</span>
                        )}
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
                </tbody>
              </table>
            </section>
          )
        }
      </QueryView>
      <AdminPager
        page={page}
        lastPage={items.data?.meta.last_page ?? 1}
        label="Páginas da fila"
        onPage={setPage}
      />
    </section>
  );
}
