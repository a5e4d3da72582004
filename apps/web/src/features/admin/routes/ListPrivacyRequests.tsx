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
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Form } from '../../../components/form/Form';
import { SelectInput, TextInput } from '../../../components/form/fields';
import { QueryView } from '../../../components/ui/QueryView';
import {
  movePrivacyRequest,
  type PrivacyRequestFilters,
  privacyRequestsKey,
  usePrivacyRequests,
} from '../api/privacy-requests';
import { AdminLayout } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { type ListAction, ListActionButton, useListAction } from '../components/ListAction';
import { usePartnerOptions } from '../components/usePartnerOptions';
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

function PrivacyRequests() {
  const [filters, setFilters] = useState<PrivacyRequestFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const partners = usePartnerOptions();
  const requests = usePrivacyRequests(filters, page);
  // The filters apply on 'Pesquisar' (they have no rules to check).
  const form = useForm<PrivacyRequestFilters>({ defaultValues: NO_FILTERS });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const move = useListAction({
    id: (item: PrivacyRequestListItem) => item.id,
    act: (item) => movePrivacyRequest(item.id, nextPrivacyStatus(item.status)!),
    done: (item) =>
      `Solicitação ${item.protocolo}: ${PRIVACY_STATUS_LABELS[nextPrivacyStatus(item.status)!]}.`,
    invalidates: privacyRequestsKey,
    headingRef,
  });

  function search(asked: PrivacyRequestFilters) {
    setPage(1);
    setFilters({ ...asked });
  }

  return (
    <section className="admin-panel" aria-labelledby="privacy-requests-title" aria-busy={requests.isPending}>
      <div className="admin-panel__head">
        <h1 id="privacy-requests-title" ref={headingRef} tabIndex={-1} className="admin-panel__title">
          Solicitações de privacidade
        </h1>
      </div>
      <Form
        form={form}
        onSubmit={search}
        className="privacy-queue__filters"
        aria-label="Filtrar solicitações"
      >
        <SelectInput label="Parceiro" name="parceiro" placeholder="Todos os parceiros" options={partners} />
        <SelectInput label="Status" name="status" placeholder="Todos" options={STATUS_OPTIONS} />
        <TextInput label="Data inicial" name="de" type="date" />
        <TextInput label="Data final" name="ate" type="date" />
        <button type="submit" className="btn btn--primary privacy-queue__search">
          Pesquisar
        </button>
      </Form>
      <QueryView query={requests} look="admin" failedText="Não foi possível carregar as solicitações.">
        {({ data: items }) =>
          items.length === 0 ? (
            <p className="admin-panel__empty" data-testid="privacy-empty">
              Nenhuma solicitação encontrada.
            </p>
          ) : (
            <section
              className="privacy-queue__scroll"
              aria-label="Tabela de solicitações"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; the keyboard must reach it
              tabIndex={0}
            >
              <table className="privacy-queue" data-testid="privacy-requests">
                <thead>
                  <tr>
                    <th scope="col">Protocolo</th>
                    <th scope="col">Parceiro</th>
                    <th scope="col">Tipo</th>
                    <th scope="col">Nome</th>
                    <th scope="col">Contato</th>
                    <th scope="col">Recebida em</th>
                    <th scope="col">Prazo</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <Row key={item.id} item={item} move={move} />
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
      </QueryView>
      <AdminPager
        page={page}
        lastPage={requests.data?.meta.last_page ?? 1}
        label="Páginas de solicitações"
        onPage={setPage}
      />
    </section>
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
