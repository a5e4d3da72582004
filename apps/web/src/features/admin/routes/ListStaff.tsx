import { STAFF_ROLE_LABELS, STAFF_TEAM_MESSAGES, type StaffMemberItem } from '@portal/domain';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { QueryView } from '../../../components/ui/QueryView';
import {
  disableStaffMember,
  enableStaffMember,
  resetStaffPassword,
  staffListKey,
  useStaffMembers,
} from '../api/staff';
import { AdminLayout } from '../components/AdminLayout';
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const disable = useListAction({
    id: (item: StaffMemberItem) => item.id,
    act: (item) => disableStaffMember(item.id),
    question: (item) => ({
      title: 'Desativar usuário',
      text: `Você tem certeza que deseja desativar o usuário ${item.usuario}? Ele não poderá mais entrar.`,
    }),
    done: () => STAFF_TEAM_MESSAGES.disabled,
    invalidates: staffListKey,
    headingRef,
  });
  const enable = useListAction({
    id: (item: StaffMemberItem) => item.id,
    act: (item) => enableStaffMember(item.id),
    question: (item) => ({
      title: 'Reativar usuário',
      text: `Você tem certeza que deseja reativar o usuário ${item.usuario}? Ele poderá entrar de novo com a senha que tinha.`,
    }),
    done: () => STAFF_TEAM_MESSAGES.enabled,
    invalidates: staffListKey,
    headingRef,
  });
  const reset = useListAction({
    id: (item: StaffMemberItem) => item.id,
    act: async (item) => {
      const answer = await resetStaffPassword(item.id);
      await showModal({
        title: STAFF_TEAM_MESSAGES.passwordReset,
        text: `${STAFF_TEAM_MESSAGES.temporaryPassword} ${answer.senha_temporaria}`,
        style: 'success',
      });
    },
    question: (item) => ({
      title: 'Redefinir senha',
      text: `Você tem certeza que deseja redefinir a senha do usuário ${item.usuario}? As sessões abertas dele serão encerradas.`,
    }),
    done: () => STAFF_TEAM_MESSAGES.passwordReset,
    invalidates: staffListKey,
    headingRef,
  });

  return (
    <section className="admin-panel" aria-labelledby="staff-title" aria-busy={members.isPending}>
      <div className="admin-panel__head">
        <h1 id="staff-title" ref={headingRef} tabIndex={-1} className="admin-panel__title">
          Equipe
        </h1>
        <Link to="/admin/equipe/novo" className="btn btn--primary" data-testid="staff-new">
          Novo usuário
        </Link>
      </div>
      <QueryView query={members} look="admin" failedText="Não foi possível carregar a equipe.">
        {(items) =>
          items.length === 0 ? (
            <p className="admin-panel__empty">{STAFF_TEAM_MESSAGES.empty}</p>
          ) : (
            <ul className="admin-cards" data-testid="staff-list">
              {items.map((item) => (
                <li key={item.id} className="admin-card" data-testid="staff-card">
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
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
