import { FAQ_SHARED } from '@portal/domain';
import { AdminLayout, AdminTitle, StaffOnly, useStaffWrites } from '../components/AdminLayout';
import { FaqForm } from '../components/FaqForm';

const TITLE = 'Cadastrar nova dúvida';

/** PostQuestions, 'Cadastrar nova dúvida' (spec 002 §2, §5, §8): a new FAQ entry, then back to the list; writers only. */
export default function PostQuestions() {
  return (
    <AdminLayout>
      <StaffOnly access="write" title={TITLE}>
        <NewQuestion />
      </StaffOnly>
    </AdminLayout>
  );
}

function NewQuestion() {
  // The shared list's writers (decision 024) start there unless a partner is chosen; an operator chooses.
  const shared = useStaffWrites('administration');
  return (
    <section className="admin-panel" aria-labelledby="post-question-title">
      <AdminTitle id="post-question-title">{TITLE}</AdminTitle>
      <FaqForm
        titleId="post-question-title"
        initial={{ titulo: '', descricao: '', parceiro: shared ? FAQ_SHARED : '' }}
      />
    </section>
  );
}
