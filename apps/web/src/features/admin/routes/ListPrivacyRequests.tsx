import {
  formatBrDate,
  maskMobilePhone,
  nextPrivacyStatus,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_STATUS_ACTIONS,
  PRIVACY_STATUS_LABELS,
  type PrivacyRequestListItem,
  privacyDeadlineText,
} from '@portal/domain';
import { Link } from 'react-router';
import { TextInput } from '../../../components/form/fields';
import {
  movePrivacyRequest,
  type PrivacyRequestFilters,
  privacyRequestsKey,
  usePrivacyRequests,
} from '../api/privacy-requests';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import { type ListAction, ListActionButton, useListAction } from '../components/ListAction';
import { QueueFilters, useQueueFilters } from '../components/QueueFilters';
import { brasiliaDateTimeFormat } from '../lib/admin-format';
import '../privacy-requests.css';

const NO_FILTERS: PrivacyRequestFilters = { parceiro: '', status: '', de: '', ate: '' };
const STATUS_OPTIONS = PRIVACY_REQUEST_STATUSES.map((status) => ({
  value: status,
  label: PRIVACY_STATUS_LABELS[status],
}));

/**
 * 'Solicitações de privacidade' (issue 6 item 1): the rights requests of the privacy portal, waiting ones first by
 * nearest legal deadline (15 days, LGPD art. 19 II), filtered by partner, status and dates of receipt, page by page;
 * each moves from 'Aberta' to 'Em atendimento', and is answered in writing (an e-mail to the person) from its item
 * of the LGPD work queue (decision 030).
 */
export default function ListPrivacyRequests() {
  return (
    <AdminLayout>
      <PrivacyRequests />
    </AdminLayout>
  );
}

const COLUMNS = ['Protocolo', 'Parceiro', 'Tipo', 'Nome', 'Contato', 'Recebida em', 'Prazo', 'Status'];

function PrivacyRequests() {
  const { filters, page, setPage, form, search } = useQueueFilters(NO_FILTERS);
  const requests = usePrivacyRequests(filters, page);
  const move = useListAction({
    id: (item: PrivacyRequestListItem) => item.id,
    act: (item) => movePrivacyRequest(item.id, nextPrivacyStatus(item.status)!),
    done: (item) =>
      `Solicitação ${item.protocolo}: ${PRIVACY_STATUS_LABELS[nextPrivacyStatus(item.status)!]}.`,
    invalidates: privacyRequestsKey,
  });

  return (
    <AdminListPanel
      titleId="privacy-requests-title"
      title="Solicitações de privacidade"
      controls={
        <QueueFilters form={form} onSubmit={search} label="Filtrar solicitações" statuses={STATUS_OPTIONS}>
          <TextInput label="Data inicial" name="de" type="date" />
          <TextInput label="Data final" name="ate" type="date" />
        </QueueFilters>
      }
      query={requests}
      failedText="Não foi possível carregar as solicitações."
      empty="Nenhuma solicitação encontrada."
      emptyTestId="privacy-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de solicitações' }}
    >
      {(items) => (
        <AdminTable testId="privacy-requests" label="Tabela de solicitações" columns={COLUMNS}>
          {items.map((item) => (
            <Row key={item.id} item={item} move={move} />
          ))}
        </AdminTable>
      )}
    </AdminListPanel>
  );
}

function Row({ item, move }: { item: PrivacyRequestListItem; move: ListAction<PrivacyRequestListItem> }) {
  const next = nextPrivacyStatus(item.status);
  const overdue = item.dias_restantes !== null && item.dias_restantes < 0;
  return (
    <tr data-testid="privacy-request" className={overdue ? 'privacy-queue__row--overdue' : undefined}>
      <td className="privacy-queue__protocol">{item.protocolo}</td>
      <td>{item.parceiro.nome}</td>
      <td>
        {item.tipo}
        <details className="privacy-queue__message">
          <summary>
            Ver solicitação<span className="sr-only"> {item.protocolo}</span>
          </summary>
          <p>{item.solicitacao}</p>
        </details>
      </td>
      <td>{item.nome}</td>
      <td>
        <a href={`mailto:${item.email}`} className="privacy-queue__email">
          {item.email}
        </a>
        <br />
        <span className="privacy-queue__nowrap">{maskMobilePhone(item.telefone)}</span>
      </td>
      <td>{brasiliaDateTimeFormat.format(new Date(item.recebida_em))}</td>
      <td data-testid="privacy-deadline">
        <span className="privacy-queue__nowrap">{formatBrDate(item.prazo)}</span>
        {item.dias_restantes !== null && (
          <span
            className={overdue ? 'privacy-queue__days privacy-queue__days--overdue' : 'privacy-queue__days'}
          >
            {privacyDeadlineText(item.dias_restantes)}
          </span>
        )}
      </td>
      <td>
        <span
          className={`privacy-queue__status privacy-queue__status--${item.status}`}
          data-testid="privacy-status"
        >
          {PRIVACY_STATUS_LABELS[item.status]}
        </span>
        {item.respondida_em && (
          <span className="privacy-queue__days">
            em {brasiliaDateTimeFormat.format(new Date(item.respondida_em))}
          </span>
        )}
        {next === 'in_progress' && (
          <ListActionButton
            action={move}
            item={item}
            label={PRIVACY_STATUS_ACTIONS[next]}
            busyLabel="Salvando…"
            context={`da solicitação ${item.protocolo}`}
            className="btn btn--ghost privacy-queue__move"
          />
        )}
        {next && (
          // Answering is writing the answer the person receives by e-mail (decision 030), in the LGPD work queue.
          <Link to={`/admin/filas/lgpd/${item.id}`} className="btn btn--ghost privacy-queue__move">
            Responder<span className="sr-only"> a solicitação {item.protocolo}</span>
          </Link>
        )}
        {item.resposta && (
          <details className="privacy-queue__message">
            <summary>
              Ver resposta<span className="sr-only"> {item.protocolo}</span>
            </summary>
            <p>{item.resposta}</p>
          </details>
        )}
      </td>
    </tr>
  );
}
