import { STAFF_ACCESS, type StaffAccess, type StaffRoleName, staffMay } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, Fragment, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { QueryView } from '../../../components/ui/QueryView';
import { AdminApiError, adminErrorModal, logOut, type StaffUser, useMe } from '../api/admin';
import { forgetAnswerDrafts } from '../lib/answer-drafts';
import { clearCredentials, readCredentials } from '../lib/credentials';
import '../admin.css';

// The back-office shell (spec 002 §1 admin menu, §2 admin area): without stored credentials that pass the client
// check it redirects to /login; the server's 'Unauthenticated' (expired or revoked token) does the same, silently.

const StaffContext = createContext<StaffUser | null>(null);

/** The logged-in staff user (inside AdminLayout). */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffContext);
  if (!user) throw new Error('useStaffUser outside AdminLayout');
  return user;
}

/**
 * Whether the logged-in staff user may do what `access` names (the server's rule, decision 024): an auditor only
 * reads, and only an administrator creates or archives a partner, so no screen offers an action the server would
 * refuse.
 */
export function useStaffWrites(access: StaffAccess = 'write'): boolean {
  return staffMay(useStaffUser().papel, access);
}

/**
 * What a back-office screen does with a failed admin call: the login for 'Unauthenticated', else a modal (with
 * `failText` when the server said nothing: adminErrorModal).
 */
export function useAdminFailure(failText?: string): (error: unknown) => Promise<void> {
  const navigate = useNavigate();
  const { showModal } = useFeedback();
  return useCallback(
    async (error: unknown) => {
      const modal = adminErrorModal(error, failText);
      if (modal) await showModal(modal);
      else navigate('/login', { replace: true });
    },
    [navigate, showModal, failText],
  );
}

/**
 * Any back-office query refused with 'Unauthenticated' (an expired or revoked token) goes to the login, whichever
 * screen asked; other failures stay with the screen, which shows its own text and a retry.
 */
function useLoginOnUnauthenticatedQuery(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        if (error instanceof AdminApiError && error.unauthenticated) navigate('/login', { replace: true });
      }),
    [queryClient, navigate],
  );
}

/**
 * The back office's sections, in the navigation and on the start page; `roles` limits one to those roles (the
 * server refuses the others anyway: decision 024).
 */
export const ADMIN_NAV: { to: string; label: string; home: string; roles?: readonly StaffRoleName[] }[] = [
  { to: '/admin', label: 'Início', home: '' },
  { to: '/admin/parceiros', label: 'Parceiros', home: 'Lista de parceiros' },
  { to: '/admin/lojas', label: 'Lojas', home: 'Lojas e suas políticas de negociação' },
  { to: '/admin/duvidas', label: 'Dúvidas frequentes', home: 'Lista de dúvidas frequentes' },
  { to: '/admin/leads', label: 'Leads', home: 'Lista de leads' },
  { to: '/admin/painel', label: 'Painel', home: 'Painel de operações' },
  { to: '/admin/acordos', label: 'Acordos', home: 'Acordos: filtros, parcelas, documentos e cancelamento' },
  { to: '/admin/pagamentos', label: 'Pagamentos', home: 'Dinheiro recebido por dia e meio de pagamento' },
  {
    to: '/admin/nao-aplicados',
    label: 'Não aplicados',
    home: 'Valores recebidos que não pagaram parcela: devolver ou aplicar',
  },
  {
    to: '/admin/filas/propostas',
    label: 'Filas',
    home: 'Propostas, contestações, pedidos de contato e requisições LGPD a responder',
  },
  { to: '/admin/privacidade', label: 'Privacidade', home: 'Solicitações de privacidade (LGPD)' },
  { to: '/admin/candidaturas', label: 'Candidaturas', home: 'Candidaturas do Trabalhe conosco' },
  {
    to: '/admin/cobranca',
    label: 'Cobrança',
    home: 'Remessas e retornos de boletos (CNAB 240)',
    roles: STAFF_ACCESS.oversight,
  },
  {
    to: '/admin/importacao',
    label: 'Importação',
    home: 'Importar a carteira de um parceiro (CSV)',
    roles: STAFF_ACCESS.oversight,
  },
  {
    to: '/admin/equipe',
    label: 'Equipe',
    home: 'Usuários do painel e seus papéis',
    roles: STAFF_ACCESS.administration,
  },
  {
    to: '/admin/auditoria',
    label: 'Auditoria',
    home: 'Quem fez o quê, e quando',
    roles: STAFF_ACCESS.administration,
  },
  { to: '/admin/alterar-senha', label: 'Alterar senha', home: 'Alterar a sua senha' },
];

const CHANGE_PASSWORD = '/admin/alterar-senha';

/** The sections a role sees; none of the limited ones before the role is known. */
export function navFor(role: StaffRoleName | undefined) {
  return ADMIN_NAV.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));
}

/** The section of the back office `pathname` is in when that section is limited to some roles. */
function limitedSection(pathname: string) {
  return ADMIN_NAV.find((item) => item.roles && (pathname === item.to || pathname.startsWith(`${item.to}/`)));
}

/**
 * A back-office screen's heading (`id` names its panel): the page's start, where the focus goes when a modal closes
 * and what opened it is gone (focus-return.ts).
 */
export function AdminTitle({ id, children }: { id: string; children: ReactNode }) {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  return (
    <h1 id={id} className="admin-panel__title" {...focusStart}>
      {children}
    </h1>
  );
}

/** A section or screen the role cannot open, reached by its address: said at once, without its actions. */
function AccessDenied({ title }: { title: string }) {
  return (
    <section className="admin-panel" aria-labelledby="access-denied-title" data-testid="access-denied">
      <AdminTitle id="access-denied-title">{title}</AdminTitle>
      <p className="admin-panel__problem" role="alert">
        Acesso negado: esta área não está disponível para o seu perfil.
      </p>
    </section>
  );
}

/**
 * A screen inside a section that only the roles `access` names may use (a create form): the others read 'Acesso
 * negado' under its title, as on a limited section, instead of a form the server would refuse on Salvar.
 */
export function StaffOnly({
  access,
  title,
  children,
}: {
  access: StaffAccess;
  title: string;
  children: ReactNode;
}) {
  return useStaffWrites(access) ? children : <AccessDenied title={title} />;
}

/**
 * The fields of an edit form, disabled with a note for a staff member who may only read them (STAFF_ACCESS): every
 * role may open the record, but a change the server would refuse is not offered. The form hides its Salvar too.
 * `because` says why when it is not the role (a record of an archived partner, which nobody changes: decision 014).
 */
export function StaffFormFields({
  writes,
  because,
  children,
}: {
  writes: boolean;
  because?: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {!writes && (
        <p className="admin-panel__note" data-testid="read-only-note">
          {because
            ? `Somente leitura. ${because}`
            : 'Somente leitura: o seu perfil pode consultar estes dados, mas não alterá-los.'}
        </p>
      )}
      <fieldset className="admin-form__fields" disabled={!writes}>
        {children}
      </fieldset>
    </>
  );
}

/**
 * A user name with a line break allowed after each dot, underscore and at sign: on a narrow screen (a phone at 200%
 * zoom) 'maria.souza' breaks as 'maria.' and 'souza', not between two letters.
 */
function breakableName(name: string): ReactNode[] {
  let offset = 0;
  return name.split(/(?<=[._@])/).map((part) => {
    const start = offset;
    offset += part.length;
    return (
      <Fragment key={start}>
        {start > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}

/** On a phone the sections are a row that scrolls sideways (admin.css): the current one is brought into view. */
function showCurrentSection(link: HTMLAnchorElement | null): void {
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

export function AdminLayout({ children }: { children: ReactNode }) {
  if (!readCredentials()) return <Navigate to="/login" />;
  return <AdminShell>{children}</AdminShell>;
}

function AdminShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useLoginOnUnauthenticatedQuery();
  const me = useMe();
  const [leaving, setLeaving] = useState(false);
  const limited = limitedSection(pathname);

  async function leave() {
    setLeaving(true);
    // The token dies on the server; whatever the answer, this browser forgets it.
    await logOut().catch(() => undefined);
    clearCredentials();
    forgetAnswerDrafts();
    navigate('/login', { replace: true });
  }

  return (
    <div className="admin">
      <header className="admin-bar">
        <div className="admin-bar__inner">
          <Link to="/admin" className="admin-bar__brand">
            Painel administrativo
          </Link>
          <nav className="admin-bar__nav" aria-label="Menu administrativo">
            <ul>
              {navFor(me.data?.papel).map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="admin-bar__link"
                    aria-current={pathname === item.to ? 'page' : undefined}
                    ref={pathname === item.to ? showCurrentSection : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-bar__user">
            {me.data && (
              <span className="admin-bar__username" data-testid="admin-user">
                <span className="sr-only">Usuário: </span>
                {breakableName(me.data.username)}
              </span>
            )}
            <button
              type="button"
              className="admin-bar__logout"
              onClick={leave}
              disabled={leaving}
              data-testid="admin-logout"
            >
              {leaving ? 'Saindo…' : 'Sair'}
            </button>
          </div>
        </div>
      </header>
      <main id="conteudo" className="admin-main">
        <QueryView query={me} look="admin" failedText="Não foi possível carregar o painel administrativo.">
          {(user) =>
            // A password an administrator set opens nothing else until it is changed (the server refuses it too).
            user.trocar_senha && pathname !== CHANGE_PASSWORD ? (
              <Navigate to={CHANGE_PASSWORD} replace />
            ) : (
              <StaffContext.Provider value={user}>
                {limited?.roles && !limited.roles.includes(user.papel) ? (
                  <AccessDenied title={limited.label} />
                ) : (
                  children
                )}
              </StaffContext.Provider>
            )
          }
        </QueryView>
      </main>
    </div>
  );
}
