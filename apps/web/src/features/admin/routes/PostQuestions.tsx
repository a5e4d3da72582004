import { AdminLayout } from '../components/AdminLayout';
import { FaqForm } from '../components/FaqForm';

/** PostQuestions, 'Cadastrar nova dúvida' (spec 002 §2, §5, §8): a new FAQ entry, then back to the list. */
export default function PostQuestions() {
  return (
    <AdminLayout>
      <section className="admin-panel" aria-labelledby="post-question-title">
        <h1 id="post-question-title" className="admin-panel__title">
          Cadastrar nova dúvida
        </h1>
        <FaqForm titleId="post-question-title" initial={{ titulo: '', descricao: '' }} />
      </section>
    </AdminLayout>
  );
}
