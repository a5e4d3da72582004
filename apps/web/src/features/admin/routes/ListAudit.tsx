import { useState } from 'react';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { type AuditFilters, useAuditPage, useAuditSheet } from '../api/audit';
import { useStaffMembers } from '../api/staff';
import { AdminLayout } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { PeriodFields, SheetButton, useListFilters } from '../components/ListFilters';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import '../reports.css';

// What the audit rows name (decision 024), as the filter offers them.
const ENTITIES = [
  { value: 'partner', label: 'Parceiro' },
  { value: 'privacy_request', label: 'Solicitação de privacidade' },
  { value: 'lead', label: 'Lead' },
  { value: 'job_application', label: 'Candidatura' },
  { value: 'faq', label: 'Dúvida frequente' },
  { value: 'cnab_file', label: 'Arquivo CNAB' },
  { value: 'staff_user', label: 'Usuário do painel' },
];
const EMPTY: AuditFilters = { usuario: '', entidade: '', data_inicial: '', data_final: '' };

/**
 * 'Auditoria' (/admin/auditoria; administrators; decision 024): every staff write and read of people's data, newest
 * first, filtered by user, entity and period ('Pesquisar'), with before and after of each change, and 'Planilha'.
 */
export default function ListAudit() {
  return (
    <AdminLayout>
      <Audit />
    </AdminLayout>
  );
}

function Audit() {
  const [page, setPage] = useState(1);
  const { draft, filters, set, search } = useListFilters(EMPTY, () => setPage(1));
  const rows = useAuditPage(filters, page);
  const users = useStaffMembers();
  const sheet = useAuditSheet();

  return (
    <section className="admin-panel" aria-labelledby="audit-title" aria-busy={rows.isPending}>
      <div className="admin-panel__head">
        <h1 id="audit-title" className="admin-panel__title">
          Auditoria
        </h1>
        <SheetButton sheet={sheet} filters={filters} testId="audit-sheet" />
      </div>
      <form className="admin-search" onSubmit={search} aria-label="Filtros da auditoria">
        <SelectField
          label="Usuário"
          name="usuario"
          placeholder="Todos os usuários"
          options={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.usuario }))}
          value={draft.usuario}
          onChange={set('usuario')}
        />
        <SelectField
          label="Entidade"
          name="entidade"
          placeholder="Todas as entidades"
          options={ENTITIES}
          value={draft.entidade}
          onChange={set('entidade')}
        />
        <PeriodFields draft={draft} set={set} />
        <button type="submit" className="btn btn--primary">
          Pesquisar
        </button>
      </form>
      <QueryView query={rows} look="admin" failedText="Não foi possível carregar a auditoria.">
        {({ data: items }) =>
          items.length === 0 ? (
            <p className="admin-panel__empty">Nenhum registro encontrado.</p>
          ) : (
            <ReportsTableScroll captionId="audit-caption">
              <table className="reports-table" data-testid="audit-table">
                <caption id="audit-caption">Registros da auditoria</caption>
                <thead>
                  <tr>
                    <th scope="col">Data e hora</th>
                    <th scope="col">Usuário</th>
                    <th scope="col">IP</th>
                    <th scope="col">Ação</th>
                    <th scope="col">Rota</th>
                    <th scope="col">Entidade</th>
                    <th scope="col">Antes e depois</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id}>
                      <td>{item.em}</td>
                      <td>{item.usuario}</td>
                      <td>{item.ip ?? ''}</td>
                      <td>{item.acao}</td>
                      <td>
                        <code>{item.rota}</code>
                      </td>
                      <td>
                        {ENTITIES.find((entity) => entity.value === item.entidade)?.label ??
                          item.entidade ??
                          ''}
                        {item.entidade_id ? ` ${item.entidade_id}` : ''}
                      </td>
                      <td>
                        {item.antes === null && item.depois === null ? (
                          ''
                        ) : (
                          <details>
                            <summary>Ver</summary>
                            <pre>{JSON.stringify({ antes: item.antes, depois: item.depois }, null, 2)}</pre>
                          </details>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ReportsTableScroll>
          )
        }
      </QueryView>
      <AdminPager
        page={page}
        lastPage={rows.data?.meta.last_page ?? 1}
        label="Páginas da auditoria"
        onPage={setPage}
      />
    </section>
  );
}
