import {
  PARTNER_SAVED_MESSAGES,
  type PartnerListFilter,
  type PartnerListItem,
  partnerArchiveQuestion,
} from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminApiError } from '../api/admin';
import {
  archivePartner,
  filterPartners,
  isProtectedPartner,
  partnerKeys,
  usePartnerList,
} from '../api/partners';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel, NewItemLink } from '../components/AdminListPanel';
import { DefaultLogo } from '../components/DefaultLogo';
import { type ListAction, ListActionButton, useListAction } from '../components/ListAction';
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
  const [situacao, setSituacao] = useState<keyof typeof SHOWN>('ativos');
  const partners = usePartnerList(situacao);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shownId = useId();
  const archive = useListAction({
    id: (item: PartnerListItem) => item.id,
    act: (item) => archivePartner(item.id),
    question: (item) => ({ title: 'Arquivar parceiro', text: partnerArchiveQuestion(item.nome) }),
    done: () => PARTNER_SAVED_MESSAGES.archived,
    invalidates: partnerKeys.all,
    failure: (error) => ({
      title: 'Ocorreu um erro',
      text: error instanceof AdminApiError && error.message ? error.message : ARCHIVE_FAILED,
      style: 'danger',
    }),
  });

  return (
    <AdminListPanel
      titleId="partner-list-title"
      title="Lista de parceiros"
      actions={
        <NewItemLink
          to="/admin/cadastrar-parceiro"
          testId="partner-new"
          label="Novo parceiro"
          access="administration"
        />
      }
      controls={
        <>
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
        </>
      }
      query={partners}
      failedText={LIST_FAILED}
      rows={(items) => filterPartners(items, search)}
      announce={(count) => (count === 1 ? '1 parceiro' : `${count} parceiros`)}
      empty={(items) =>
        items.length === 0 ? SHOWN[situacao].none : 'Nenhum parceiro encontrado com este nome'
      }
      emptyTestId="partner-empty"
    >
      {(shown) => <PartnerCards shown={shown} archive={archive} />}
    </AdminListPanel>
  );
}

function PartnerCards({
  shown,
  archive,
}: {
  shown: readonly PartnerListItem[];
  archive: ListAction<PartnerListItem>;
}) {
  return (
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
              <ListActionButton
                action={archive}
                item={item}
                label="Arquivar"
                busyLabel="Arquivando…"
                context={`o parceiro ${item.nome}`}
                className="btn btn--ghost admin-card__delete"
                access="administration"
              />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
