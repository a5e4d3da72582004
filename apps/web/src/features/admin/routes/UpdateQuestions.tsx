import { FAQ_MESSAGES, type FaqItem } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { AdminApiError } from '../api/admin';
import { getFaq, updateFaq } from '../api/faq';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { FaqForm } from '../components/FaqForm';

/**
 * UpdateQuestions, 'Atualizar dúvida' (spec 002 §2, param codigo; §5, §8): loads the entry, edits it, back to the
 * list. An entry that is not there ('Dados não encontrados') shows the message and returns to the list.
 */
export default function UpdateQuestions() {
  const { codigo } = useParams<{ codigo: string }>();
  const id = /^\d{1,9}$/.test(codigo ?? '') ? Number(codigo) : 0;
  return (
    <AdminLayout>{id > 0 ? <EditQuestion codigo={id} /> : <Navigate to="/admin/duvidas" />}</AdminLayout>
  );
}

function EditQuestion({ codigo }: { codigo: number }) {
  const { showSnackbar } = useFeedback();
  const navigate = useNavigate();
  const onFailure = useAdminFailure();
  const [item, setItem] = useState<FaqItem | null>(null);

  useEffect(() => {
    let active = true;
    getFaq(codigo).then(
      (found) => {
        if (active) setItem(found);
      },
      async (error) => {
        if (!active) return;
        await onFailure(error);
        // 'Unauthenticated' already went to the login.
        if (!(error instanceof AdminApiError && error.unauthenticated))
          navigate('/admin/duvidas', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [codigo, onFailure, navigate]);

  return (
    <section className="admin-panel" aria-labelledby="update-question-title">
      <h1 id="update-question-title" className="admin-panel__title">
        Atualizar dúvida
      </h1>
      {item ? (
        <FaqForm
          titleId="update-question-title"
          initial={{ titulo: item.titulo, descricao: item.descricao }}
          save={async (input) => {
            await updateFaq(codigo, input);
            showSnackbar(FAQ_MESSAGES.updated, 'success');
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
