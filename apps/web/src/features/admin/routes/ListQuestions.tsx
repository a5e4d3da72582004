import { FAQ_MESSAGES, type FaqItem } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { Link } from '../../../lib/router';
import { AdminApiError } from '../api/admin';
import { deleteFaq, listFaq } from '../api/faq';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';

/**
 * ListQuestions, 'Lista de dúvidas frequentes' (spec 002 §2, §8): 'Nova dúvida', one card per entry with its title,
 * Editar (UpdateQuestions) and Excluir after a yes/no confirmation; 'Nenhuma dúvida frequente adicionada' when
 * there is none; 'Dados não encontrados' with a retry when the list cannot be read.
 */
export default function ListQuestions() {
  return (
    <AdminLayout>
      <Questions />
    </AdminLayout>
  );
}

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: FaqItem[] };

function Questions() {
  const { confirm, showSnackbar } = useFeedback();
  const onFailure = useAdminFailure();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', items: await listFaq() });
    } catch (error) {
      // 'Unauthenticated' goes to the login; any other failure reads 'Dados não encontrados' (spec 002 §8).
      if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
      else setState({ status: 'failed' });
    }
  }, [onFailure]);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(item: FaqItem) {
    const yes = await confirm({
      title: 'Excluir dúvida',
      text: `Você tem certeza que deseja excluir a dúvida "${item.titulo}"?`,
      style: 'alert',
      buttonText: 'Sim',
      cancelText: 'Não',
    });
    if (!yes) return;
    setDeleting(item.codigo);
    try {
      await deleteFaq(item.codigo);
      showSnackbar(FAQ_MESSAGES.deleted, 'success');
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', items: current.items.filter((other) => other.codigo !== item.codigo) }
          : current,
      );
      // The card and its button are gone: the list's heading takes the focus.
      headingRef.current?.focus();
    } catch (error) {
      await onFailure(error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="faq-list-title" aria-busy={state.status === 'loading'}>
      <div className="admin-panel__head">
        <h1 id="faq-list-title" ref={headingRef} tabIndex={-1} className="admin-panel__title">
          Lista de dúvidas frequentes
        </h1>
        <Link to="/admin/cadastrar-duvida" className="btn btn--primary" data-testid="faq-new">
          Nova dúvida
        </Link>
      </div>
      {state.status === 'loading' && (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
      {state.status === 'failed' && (
        <div className="admin-panel__problem" role="alert">
          <p>{FAQ_MESSAGES.listFailed}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void load()}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <p className="admin-panel__empty" data-testid="faq-empty">
            {FAQ_MESSAGES.empty}
          </p>
        ) : (
          <ul className="admin-cards" data-testid="faq-list">
            {state.items.map((item) => (
              <li key={item.codigo} className="admin-card" data-testid="faq-card">
                <h2 className="admin-card__title">{item.titulo}</h2>
                <div className="admin-card__actions">
                  <Link to={`/admin/atualizar-duvida/${item.codigo}`} className="btn btn--ghost">
                    Editar<span className="sr-only"> a dúvida: {item.titulo}</span>
                  </Link>
                  <button
                    type="button"
                    className="btn btn--ghost admin-card__delete"
                    onClick={() => void remove(item)}
                    disabled={deleting !== null}
                    aria-busy={deleting === item.codigo || undefined}
                  >
                    {deleting === item.codigo ? 'Excluindo…' : 'Excluir'}
                    <span className="sr-only"> a dúvida: {item.titulo}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
