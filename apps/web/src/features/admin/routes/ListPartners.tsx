import { PARTNER_SAVED_MESSAGES, type PartnerListItem, partnerDeleteQuestion } from '@portal/domain';
import { useId, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { Link } from '../../../lib/router';
import { AdminApiError, adminErrorModal } from '../api/admin';
import { deletePartner, filterPartners, isProtectedPartner, listAllPartners } from '../api/partners';
import { AdminLayout } from '../components/AdminLayout';
import { DefaultLogo } from '../components/DefaultLogo';
import { useAdminList } from '../components/useAdminList';

// Spec 002 §8: listing partners fails with the login's text (as written), and a refused delete with its own.
const LIST_FAILED = 'Usuário ou senha inválido';
const DELETE_FAILED = 'Não foi possivel excluir este parceiro';

/**
 * ListPartners, 'Lista de parceiros' (spec 002 §2, §4, §8): every page of GET /api/parceiro, a search by name
 * (case-insensitive), cards sorted by name with the logo (or the default one), Ver (UpdatePartner) and Excluir after
 * 'Você tem certeza que deseja excluir o parceiro {name} ?'; partner 1 has no Excluir.
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
  const { state, load, keepOnly, onFailure } = useAdminList(listAllPartners);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();

  async function remove(item: PartnerListItem) {
    const yes = await confirm({
      title: 'Excluir parceiro',
      text: partnerDeleteQuestion(item.nome),
      style: 'alert',
      buttonText: 'Sim',
      cancelText: 'Não',
    });
    if (!yes) return;
    setDeleting(item.id);
    try {
      await deletePartner(item.id);
      showSnackbar(PARTNER_SAVED_MESSAGES.deleted, 'success');
      keepOnly((other) => other.id !== item.id);
      headingRef.current?.focus();
    } catch (error) {
      const modal = adminErrorModal(error);
      if (!modal) await onFailure(error);
      else
        await showModal({
          title: 'Ocorreu um erro',
          text: error instanceof AdminApiError && error.message ? error.message : DELETE_FAILED,
          style: 'danger',
        });
    } finally {
      setDeleting(null);
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
              {state.items.length === 0
                ? 'Nenhum parceiro cadastrado'
                : 'Nenhum parceiro encontrado com este nome'}
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
                  <div className="admin-card__actions">
                    <Link
                      to={`/admin/atualizar-parceiro/${encodeURIComponent(item.identificador)}/${item.id}`}
                      className="btn btn--ghost"
                    >
                      Ver<span className="sr-only"> o parceiro {item.nome}</span>
                    </Link>
                    {!isProtectedPartner(item.id) && (
                      <button
                        type="button"
                        className="btn btn--ghost admin-card__delete"
                        onClick={() => void remove(item)}
                        disabled={deleting !== null}
                        aria-busy={deleting === item.id || undefined}
                      >
                        {deleting === item.id ? 'Excluindo…' : 'Excluir'}
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
