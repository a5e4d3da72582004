import { FAQ_SHARED } from '@portal/domain';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AdminApiError } from '../api/admin';
import { useFaqEntry } from '../api/faq';
import { AdminLayout, AdminTitle, useAdminFailure } from '../components/AdminLayout';
import { FaqForm } from '../components/FaqForm';

/**
 * UpdateQuestions, 'Atualizar dúvida' (spec 002 §2, param codigo; §5, §8): loads the entry, edits it, back to the
 * list; an archived partner's entry only reads. An entry that is not there ('Dados não encontrados') shows the
 * message and returns to the list.
 */
export default function UpdateQuestions() {
  const { codigo } = useParams<{ codigo: string }>();
  const id = /^\d{1,9}$/.test(codigo ?? '') ? Number(codigo) : 0;
  return (
    <AdminLayout>{id > 0 ? <EditQuestion codigo={id} /> : <Navigate to="/admin/duvidas" />}</AdminLayout>
  );
}

function EditQuestion({ codigo }: { codigo: number }) {
  const navigate = useNavigate();
  const onFailure = useAdminFailure();
  const entry = useFaqEntry(codigo);
  const { error } = entry;

  // A missing entry is said in the admin error modal, then the list; 'Unauthenticated' goes to the login
  // (AdminLayout does that for every query).
  useEffect(() => {
    if (!error || (error instanceof AdminApiError && error.unauthenticated)) return;
    void onFailure(error).then(() => navigate('/admin/duvidas', { replace: true }));
  }, [error, onFailure, navigate]);

  return (
    <section className="admin-panel" aria-labelledby="update-question-title">
      <AdminTitle id="update-question-title">Atualizar dúvida</AdminTitle>
      {entry.data ? (
        <FaqForm
          titleId="update-question-title"
          codigo={codigo}
          archived={Boolean(entry.data.parceiro?.arquivado_em)}
          initial={{
            titulo: entry.data.titulo,
            descricao: entry.data.descricao,
            parceiro: entry.data.parceiro ? String(entry.data.parceiro.id) : FAQ_SHARED,
          }}
        />
      ) : (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
    </section>
  );
}
