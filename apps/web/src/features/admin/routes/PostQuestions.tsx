import { FAQ_SHARED } from '@portal/domain';
import { useMe } from '../api/admin';
import { AdminLayout } from '../components/AdminLayout';
import { FaqForm } from '../components/FaqForm';

/** PostQuestions, 'Cadastrar nova dúvida' (spec 002 §2, §5, §8): a new FAQ entry, then back to the list. */
export default function PostQuestions() {
  // An administrator's new entry goes to the shared list unless a partner is chosen; an operator chooses.
  const administrator = useMe().data?.papel === 'administrator';
  return (
    <AdminLayout>
      <section className="admin-panel" aria-labelledby="post-question-title">
        <h1 id="post-question-title" className="admin-panel__title">
          Cadastrar nova dúvida
        </h1>
        <FaqForm
          key={String(administrator)}
          titleId="post-question-title"
          initial={{ titulo: '', descricao: '', parceiro: administrator ? FAQ_SHARED : '' }}
        />
      </section>
    </AdminLayout>
  );
}
