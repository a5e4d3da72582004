import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError } from '../../../lib/api';
import { useLocation, useNavigate } from '../../../lib/router';
import { endSession, fetchSession, type SessionSummary } from '../../identification/api/identification';
import '../../identification/identification.css';

/** Spec 000 §9 style counts: '1 dívida pendente', 'N dívidas pendentes'. */
export function pendingDebtsText(count: number): string {
  return count === 1 ? '1 dívida pendente' : `${count} dívidas pendentes`;
}

/**
 * AccordionTabs (/menu) and MyDebits (/minhas-dividas) until the next issue builds them: the open session's
 * greeting and debt count, and Sair. Without a session (401) the person goes back to the landing page.
 */
export default function SessionHome() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let active = true;
    fetchSession().then(
      (answer) => {
        if (!active) return;
        if (answer.retorno && answer.dados) setSummary(answer.dados);
        else navigate('/', { replace: true });
      },
      (error) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 401) navigate('/', { replace: true });
        else setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  async function leave() {
    setLeaving(true);
    try {
      await endSession();
    } catch {
      // Leaving must work even offline: the cookie expires by itself.
    }
    navigate('/', { replace: true });
  }

  const title = pathname.startsWith('/minhas-dividas') ? 'Minhas dívidas' : 'Menu';
  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow" data-testid="session-home">
        {summary ? (
          <>
            <h1 className="page__title">Olá, {summary.pesNome}</h1>
            <div className="session-card">
              <h2>{title}</h2>
              <p data-testid="session-debts">{pendingDebtsText(summary.quantidadeDividas)}</p>
            </div>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={leave}
              disabled={leaving}
              data-testid="session-logout"
            >
              Sair
            </button>
          </>
        ) : failed ? (
          <>
            <h1 className="page__title">Não foi possível carregar os seus dados.</h1>
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              Tentar novamente
            </button>
          </>
        ) : (
          <p className="boot" role="status">
            Carregando…
          </p>
        )}
      </main>
    </>
  );
}
