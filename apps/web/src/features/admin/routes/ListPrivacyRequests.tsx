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
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/fields';
import { SelectField } from '../../../components/ui/SelectField';
import { listPrivacyRequests, movePrivacyRequest, type PrivacyRequestFilters } from '../api/privacy-requests';
import { AdminLayout } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { useAdminList } from '../components/useAdminList';
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
 * each moves forward from 'Aberta' to 'Em atendimento' to 'Respondida'.
 */
export default function ListPrivacyRequests() {
  return (
    <AdminLayout>
      <PrivacyRequests />
    </AdminLayout>
  );
}

function PrivacyRequests() {
  const { showSnackbar } = useFeedback();
  const [draft, setDraft] = useState<PrivacyRequestFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<PrivacyRequestFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const partners = usePartnerOptions();
  const [moving, setMoving] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const fetchPage = useCallback(async () => {
    const answer = await listPrivacyRequests(filters, page);
    setLastPage(answer.meta.last_page);
    return answer.data;
  }, [filters, page]);
  const { state, load, onFailure } = useAdminList(fetchPage);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPage(1);
    setFilters({ ...draft });
  }

  async function moveForward(item: PrivacyRequestListItem) {
    const next = nextPrivacyStatus(item.status);
    if (!next) return;
    setMoving(item.id);
    try {
      await movePrivacyRequest(item.id, next);
      showSnackbar(`Solicitação ${item.protocolo}: ${PRIVACY_STATUS_LABELS[next]}.`, 'success');
      await load();
      // The row's button is gone or moved: the list's heading takes the focus.
      headingRef.current?.focus();
    } catch (error) {
      await onFailure(error);
    } finally {
      setMoving(null);
    }
  }

  const set = (key: keyof PrivacyRequestFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return (
    <section
      className="admin-panel"
      aria-labelledby="privacy-requests-title"
      aria-busy={state.status === 'loading'}
    >
      <div className="admin-panel__head">
        <h1 id="privacy-requests-title" ref={headingRef} tabIndex={-1} className="admin-panel__title">
          Solicitações de privacidade
        </h1>
      </div>
      <form className="privacy-queue__filters" onSubmit={search} aria-label="Filtrar solicitações">
        <SelectField
          label="Parceiro"
          name="parceiro"
          placeholder="Todos os parceiros"
          options={partners}
          value={draft.parceiro}
          onChange={(event) => set('parceiro')(event.target.value)}
        />
        <SelectField
          label="Status"
          name="status"
          placeholder="Todos"
          options={STATUS_OPTIONS}
          value={draft.status}
          onChange={(event) => set('status')(event.target.value)}
        />
        <TextField
          label="Data inicial"
          name="de"
          type="date"
          value={draft.de}
          onChange={(event) => set('de')(event.target.value)}
        />
        <TextField
          label="Data final"
          name="ate"
          type="date"
          value={draft.ate}
          onChange={(event) => set('ate')(event.target.value)}
        />
        <button type="submit" className="btn btn--primary privacy-queue__search">
          Pesquisar
        </button>
      </form>
      {state.status === 'loading' && (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
      {state.status === 'failed' && (
        <div className="admin-panel__problem" role="alert">
          <p>Não foi possível carregar as solicitações.</p>
          <button type="button" className="btn btn--ghost" onClick={() => void load()}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
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
                {state.items.map((item) => (
                  <Row key={item.id} item={item} moving={moving} onMove={moveForward} />
                ))}
              </tbody>
            </table>
          </section>
        ))}
      <AdminPager page={page} lastPage={lastPage} label="Páginas de solicitações" onPage={setPage} />
    </section>
  );
}

function Row({
  item,
  moving,
  onMove,
}: {
  item: PrivacyRequestListItem;
  moving: number | null;
  onMove: (item: PrivacyRequestListItem) => Promise<void>;
}) {
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
        {next && (
          <button
            type="button"
            className="btn btn--ghost privacy-queue__move"
            onClick={() => void onMove(item)}
            disabled={moving !== null}
            aria-busy={moving === item.id || undefined}
          >
            {moving === item.id ? 'Salvando…' : PRIVACY_STATUS_ACTIONS[next]}
            <span className="sr-only"> da solicitação {item.protocolo}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
