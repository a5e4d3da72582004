import { Navigate, useParams } from 'react-router';
import { QueryView } from '../../../components/ui/QueryView';
import { useStaffMembers } from '../api/staff';
import { AdminLayout, AdminTitle } from '../components/AdminLayout';
import { StaffMemberForm } from '../components/StaffMemberForm';

/** /admin/equipe/novo ('Cadastrar novo usuário') and /admin/equipe/{id} ('Atualizar usuário'): the member form. */
export default function StaffMember() {
  const { id } = useParams<{ id: string }>();
  const existing = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  if (existing === null && id !== 'novo') return <Navigate to="/admin/equipe" replace />;
  const title = existing === null ? 'Cadastrar novo usuário' : 'Atualizar usuário';
  return (
    <AdminLayout>
      <section className="admin-panel" aria-labelledby="staff-member-title">
        <AdminTitle id="staff-member-title">{title}</AdminTitle>
        {existing === null ? (
          <StaffMemberForm
            titleId="staff-member-title"
            initial={{ usuario: '', papel: 'operator', parceiros: [] }}
          />
        ) : (
          <EditMember id={existing} />
        )}
      </section>
    </AdminLayout>
  );
}

function EditMember({ id }: { id: number }) {
  const members = useStaffMembers();
  return (
    <QueryView query={members} look="admin" failedText="Não foi possível carregar o usuário.">
      {(items) => {
        const member = items.find((item) => item.id === id);
        if (!member) return <Navigate to="/admin/equipe" replace />;
        return (
          <StaffMemberForm
            titleId="staff-member-title"
            id={id}
            initial={{
              usuario: member.usuario,
              papel: member.papel,
              parceiros: member.parceiros.map((partner) => partner.id),
            }}
          />
        );
      }}
    </QueryView>
  );
}
