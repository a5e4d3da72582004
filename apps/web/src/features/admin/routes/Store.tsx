import { storeFormValues } from '@portal/domain';
import { Navigate, useParams } from 'react-router';
import { QueryView } from '../../../components/ui/QueryView';
import { useStore } from '../api/stores';
import { AdminLayout, AdminTitle, StaffOnly } from '../components/AdminLayout';
import { StoreForm } from '../components/StoreForm';
import '../reports.css';

/**
 * /admin/lojas/nova ('Cadastrar nova loja', administrators only) and /admin/lojas/{id} ('Atualizar loja', read-only for a
 * role that only reads): the store form.
 */
export default function Store() {
  const { id } = useParams<{ id: string }>();
  const existing = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  if (existing === null && id !== 'nova') return <Navigate to="/admin/lojas" replace />;
  const title = existing === null ? 'Cadastrar nova loja' : 'Atualizar loja';
  return (
    <AdminLayout>
      <StaffOnly access={existing === null ? 'administration' : 'read'} title={title}>
        <section className="admin-panel" aria-labelledby="store-title">
          <AdminTitle id="store-title">{title}</AdminTitle>
          {existing === null ? (
            <StoreForm titleId="store-title" initial={storeFormValues()} />
          ) : (
            <EditStore id={existing} />
          )}
        </section>
      </StaffOnly>
    </AdminLayout>
  );
}

function EditStore({ id }: { id: number }) {
  const store = useStore(id);
  return (
    <QueryView query={store} look="admin" failedText="Não foi possível carregar a loja.">
      {/* Keyed by version: the reading on open may bring a save made since the cached one (decision 088). */}
      {(item) => (
        <StoreForm key={item.versao} titleId="store-title" id={id} initial={storeFormValues(item)} />
      )}
    </QueryView>
  );
}
