import { FAQ_MESSAGES, type FaqItem } from '@portal/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { deleteFaq, listFaq } from '../api/faq';
import { AdminLayout } from '../components/AdminLayout';
import { useAdminList } from '../components/useAdminList';

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

function Questions() {
  const { confirm, showSnackbar } = useFeedback();
  // A failed list reads 'Dados não encontrados' (spec 002 §8).
  const { state, load, keepOnly, onFailure } = useAdminList(listFaq);
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

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
      keepOnly((other) => other.codigo !== item.codigo);
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
