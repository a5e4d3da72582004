import {
  PARTNER_SAVED_MESSAGES,
  type PartnerListFilter,
  type PartnerListItem,
  partnerArchiveQuestion,
} from '@portal/domain';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { AdminApiError, adminErrorModal } from '../api/admin';
import { archivePartner, filterPartners, isProtectedPartner, listAllPartners } from '../api/partners';
import { AdminLayout } from '../components/AdminLayout';
import { DefaultLogo } from '../components/DefaultLogo';
import { useAdminList } from '../components/useAdminList';
import { brasiliaDateTimeFormat } from '../lib/admin-format';

// Spec 002 §8: listing partners fails with the login's text (as written), and a refused delete with its own (the
// delete archives, decision 014, and says so).
const LIST_FAILED = 'Usuário ou senha inválido';
const ARCHIVE_FAILED = 'Não foi possivel arquivar este parceiro';

const SHOWN: Record<Exclude<PartnerListFilter, 'todos'>, { label: string; none: string }> = {
  ativos: { label: 'Parceiros ativos', none: 'Nenhum parceiro cadastrado' },
  arquivados: { label: 'Parceiros arquivados', none: 'Nenhum parceiro arquivado' },
};

/**
 * ListPartners, 'Lista de parceiros' (spec 002 §2, §4, §8): every page of GET /api/parceiro, a search by name
 * (case-insensitive), cards sorted by name with the logo (or the default one), Ver (UpdatePartner) and the spec's
 * delete, which archives (decision 014): Arquivar after a question in the spec's form that says the portal is
 * switched off and the records stay; partner 1 has no Arquivar. The archived partners are a choice away, with the
 * date they were archived.
 */
export default function ListPartners() {
  return (
    <AdminLayout>
      <Partners />
    </AdminLayout>
  );
}

function Partners() {
  const { confirm, showSnackbar, showModal } = useFeedback();
  const [situacao, setSituacao] = useState<keyof typeof SHOWN>('ativos');
  const listShown = useCallback(() => listAllPartners(situacao), [situacao]);
  const { state, load, keepOnly, onFailure } = useAdminList(listShown);
  const [search, setSearch] = useState('');
  const [archiving, setArchiving] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();
  const shownId = useId();

  async function archive(item: PartnerListItem) {
    const yes = await confirm({
      title: 'Arquivar parceiro',
      text: partnerArchiveQuestion(item.nome),
      style: 'alert',
      buttonText: 'Sim',
      cancelText: 'Não',
    });
    if (!yes) return;
    setArchiving(item.id);
    try {
      await archivePartner(item.id);
      showSnackbar(PARTNER_SAVED_MESSAGES.archived, 'success');
      keepOnly((other) => other.id !== item.id);
      headingRef.current?.focus();
    } catch (error) {
      const modal = adminErrorModal(error);
      if (!modal) await onFailure(error);
      else
        await showModal({
          title: 'Ocorreu um erro',
          text: error instanceof AdminApiError && error.message ? error.message : ARCHIVE_FAILED,
          style: 'danger',
        });
    } finally {
      setArchiving(null);
    }
  }

  const shown = state.status === 'ready' ? filterPartners(state.items, search) : [];

  return (
    <section
      className="admin-panel"
      aria-labelledby="partner-list-title"
      aria-busy={state.status === 'loading'}
    >
      <div className="admin-panel__head">
        <h1 id="partner-list-title" ref={headingRef} tabIndex={-1} className="admin-panel__title">
          Lista de parceiros
        </h1>
        <Link to="/admin/cadastrar-parceiro" className="btn btn--primary" data-testid="partner-new">
          Novo parceiro
        </Link>
      </div>
      <div className="field admin-search">
        <label className="field__label" htmlFor={searchId}>
          Pesquisar parceiro
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input"
          value={search}
          autoComplete="off"
          placeholder="Nome do parceiro"
          onChange={(event) => setSearch(event.target.value)}
          data-testid="partner-search"
        />
      </div>
      <div className="field admin-search">
        <label className="field__label" htmlFor={shownId}>
          Mostrar
        </label>
        <select
          id={shownId}
          className="field__input field__select"
          value={situacao}
          onChange={(event) => setSituacao(event.target.value as keyof typeof SHOWN)}
          data-testid="partner-shown"
        >
          {Object.entries(SHOWN).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' && (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
      {state.status === 'failed' && (
        <div className="admin-panel__problem" role="alert">
          <p>{LIST_FAILED}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void load()}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <p className="sr-only" role="status">
            {shown.length === 1 ? '1 parceiro' : `${shown.length} parceiros`}
          </p>
          {shown.length === 0 ? (
            <p className="admin-panel__empty" data-testid="partner-empty">
              {state.items.length === 0 ? SHOWN[situacao].none : 'Nenhum parceiro encontrado com este nome'}
            </p>
          ) : (
            <ul className="admin-partners" data-testid="partner-list">
              {shown.map((item) => (
                <li key={item.id} className="admin-partner" data-testid="partner-card">
                  <div className="admin-partner__logo">
                    {item.logo ? (
                      <img src={item.logo} alt={`Logotipo de ${item.nome}`} loading="lazy" />
                    ) : (
                      <DefaultLogo label={`${item.nome}: sem logotipo`} />
                    )}
                  </div>
                  <h2 className="admin-card__title">{item.nome}</h2>
                  <p className="admin-partner__host">{item.identificador}</p>
                  {item.arquivado_em && (
                    <p className="admin-partner__archived">
                      Arquivado em {brasiliaDateTimeFormat.format(new Date(item.arquivado_em))}
                    </p>
                  )}
                  <div className="admin-card__actions">
                    <Link
                      to={`/admin/atualizar-parceiro/${encodeURIComponent(item.identificador)}/${item.id}`}
                      className="btn btn--ghost"
                    >
                      Ver<span className="sr-only"> o parceiro {item.nome}</span>
                    </Link>
                    {!isProtectedPartner(item.id) && !item.arquivado_em && (
                      <button
                        type="button"
                        className="btn btn--ghost admin-card__delete"
                        onClick={() => void archive(item)}
                        disabled={archiving !== null}
                        aria-busy={archiving === item.id || undefined}
                      >
                        {archiving === item.id ? 'Arquivando…' : 'Arquivar'}
                        <span className="sr-only"> o parceiro {item.nome}</span>
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
