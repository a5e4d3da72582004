import { AUDIT_ENTITY_LABELS, auditActionLabel, auditEntityLabel, formatBrTimestamp } from '@portal/domain';
import { SelectField } from '../../../components/ui/SelectField';
import { type AuditFilters, useAuditPage, useAuditSheet } from '../api/audit';
import { useStaffMembers } from '../api/staff';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import { ListSearchForm, PeriodFields, SheetButton, usePagedListFilters } from '../components/ListFilters';
import '../reports.css';

// Every entity the audit rows name (decision 024), as the filter offers them.
const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }));
const COLUMNS = ['Data e hora', 'Usuário', 'IP', 'Ação', 'Rota', 'Entidade', 'Antes e depois'];
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
  const { filters, field, search, page, setPage } = usePagedListFilters(EMPTY);
  const rows = useAuditPage(filters, page);
  const users = useStaffMembers();
  const sheet = useAuditSheet();

  return (
    <AdminListPanel
      titleId="audit-title"
      title="Auditoria"
      actions={<SheetButton sheet={sheet} filters={filters} testId="audit-sheet" />}
      controls={
        <ListSearchForm label="Filtros da auditoria" onSubmit={search}>
          <SelectField
            label="Usuário"
            placeholder="Todos os usuários"
            options={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.usuario }))}
            {...field('usuario')}
          />
          <SelectField
            label="Entidade"
            placeholder="Todas as entidades"
            options={ENTITIES}
            {...field('entidade')}
          />
          <PeriodFields field={field} />
        </ListSearchForm>
      }
      query={rows}
      failedText="Não foi possível carregar a auditoria."
      empty="Nenhum registro encontrado."
      pager={{ page, onPage: setPage, label: 'Páginas da auditoria' }}
    >
      {(items) => (
        <AdminTable testId="audit-table" caption="Registros da auditoria" columns={COLUMNS}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{formatBrTimestamp(item.em, true)}</td>
              <td>{item.usuario}</td>
              <td>{item.ip ?? ''}</td>
              <td>{auditActionLabel(item.acao)}</td>
              <td>
                <code>{item.rota}</code>
              </td>
              <td>
                {item.entidade ? auditEntityLabel(item.entidade) : ''}
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
        </AdminTable>
      )}
    </AdminListPanel>
  );
}
