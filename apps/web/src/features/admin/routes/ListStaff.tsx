import { STAFF_ROLE_LABELS, STAFF_TEAM_MESSAGES, type StaffMemberItem } from '@portal/domain';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import {
  disableStaffMember,
  enableStaffMember,
  resetStaffPassword,
  staffListKey,
  useStaffMembers,
} from '../api/staff';
import { AdminLayout } from '../components/AdminLayout';
import { AdminCards, AdminListPanel, NewItemLink } from '../components/AdminListPanel';
import { ListActionButton, useListAction } from '../components/ListAction';

/**
 * 'Equipe' (/admin/equipe; administrators; decision 024): every staff member with role, partners and whether
 * active; 'Novo usuário', Editar (role and partners), Redefinir senha (a temporary password shown once) and
 * Desativar, each asked first; a disabled member has Reativar (issue 18).
 */
export default function ListStaff() {
  return (
    <AdminLayout>
      <Staff />
    </AdminLayout>
  );
}

function Staff() {
  const members = useStaffMembers();
  const { showModal } = useFeedback();
  // Each write on a member is asked first ('Você tem certeza que deseja …'), then the list is read again.
  const memberAction = (
    act: (item: StaffMemberItem) => Promise<unknown>,
    title: string,
    question: (usuario: string) => string,
    done: string,
  ) => ({
    id: (item: StaffMemberItem) => item.id,
    act,
    question: (item: StaffMemberItem) => ({
      title,
      text: `Você tem certeza que deseja ${question(item.usuario)}`,
    }),
    done: () => done,
    invalidates: staffListKey,
  });
  const disable = useListAction(
    memberAction(
      (item) => disableStaffMember(item.id),
      'Desativar usuário',
      (usuario) => `desativar o usuário ${usuario}? Ele não poderá mais entrar.`,
      STAFF_TEAM_MESSAGES.disabled,
    ),
  );
  const enable = useListAction(
    memberAction(
      (item) => enableStaffMember(item.id),
      'Reativar usuário',
      (usuario) => `reativar o usuário ${usuario}? Ele poderá entrar de novo com a senha que tinha.`,
      STAFF_TEAM_MESSAGES.enabled,
    ),
  );
  const reset = useListAction(
    memberAction(
      async (item) => {
        const answer = await resetStaffPassword(item.id);
        await showModal({
          title: STAFF_TEAM_MESSAGES.passwordReset,
          text: `${STAFF_TEAM_MESSAGES.temporaryPassword} ${answer.senha_temporaria}`,
          style: 'success',
        });
      },
      'Redefinir senha',
      (usuario) => `redefinir a senha do usuário ${usuario}? As sessões abertas dele serão encerradas.`,
      STAFF_TEAM_MESSAGES.passwordReset,
    ),
  );

  return (
    <AdminListPanel
      titleId="staff-title"
      title="Equipe"
      actions={<NewItemLink to="/admin/equipe/novo" testId="staff-new" label="Novo usuário" />}
      query={members}
      failedText="Não foi possível carregar a equipe."
      empty={STAFF_TEAM_MESSAGES.empty}
    >
      {(items) => (
        <AdminCards items={items} cardKey={(item) => item.id} testId="staff-list" cardTestId="staff-card">
          {(item) => (
            <>
              <div>
                <h2 className="admin-card__title">{item.usuario}</h2>
                <p>
                  {STAFF_ROLE_LABELS[item.papel]}
                  {item.papel === 'operator' &&
                    ` de ${item.parceiros.map((partner) => partner.nome).join(', ') || 'nenhum parceiro'}`}
                  {item.ativo ? '' : ' · Desativado'}
                  {item.ativo && item.trocar_senha ? ' · Deve trocar a senha' : ''}
                </p>
              </div>
              {!item.ativo && (
                <div className="admin-card__actions">
                  <ListActionButton
                    action={enable}
                    item={item}
                    label="Reativar"
                    busyLabel="Reativando…"
                    context={`o usuário ${item.usuario}`}
                    className="btn btn--ghost"
                  />
                </div>
              )}
              {item.ativo && (
                <div className="admin-card__actions">
                  <Link to={`/admin/equipe/${item.id}`} className="btn btn--ghost">
                    Editar<span className="sr-only"> o usuário {item.usuario}</span>
                  </Link>
                  <ListActionButton
                    action={reset}
                    item={item}
                    label="Redefinir senha"
                    busyLabel="Redefinindo…"
                    context={`do usuário ${item.usuario}`}
                    className="btn btn--ghost"
                  />
                  <ListActionButton
                    action={disable}
                    item={item}
                    label="Desativar"
                    busyLabel="Desativando…"
                    context={`o usuário ${item.usuario}`}
                    className="btn btn--ghost admin-card__delete"
                  />
                </div>
              )}
            </>
          )}
        </AdminCards>
      )}
    </AdminListPanel>
  );
}
