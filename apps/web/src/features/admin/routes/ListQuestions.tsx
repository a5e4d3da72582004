import { FAQ_MESSAGES, type FaqStaffItem } from '@portal/domain';
import { Link } from 'react-router';
import { deleteFaq, faqListKey, useFaqList } from '../api/faq';
import { partnerOptionLabel } from '../api/partners';
import { AdminLayout, useStaffWrites } from '../components/AdminLayout';
import { AdminCards, AdminListPanel, NewItemLink } from '../components/AdminListPanel';
import { ListActionButton, useListAction } from '../components/ListAction';

/**
 * ListQuestions, 'Lista de dúvidas frequentes' (spec 002 §2, §8): 'Nova dúvida', one card per entry with its title
 * and whose list it is in (issue 18 item 8), Editar (UpdateQuestions) and Excluir after a yes/no confirmation (the
 * shared list's entries only for administrators; an archived partner's entry offers Ver instead of Editar, as the
 * server refuses its changes but not its deletion); 'Nenhuma dúvida frequente adicionada' when there is none;
 * 'Dados não encontrados' with a retry when the list cannot be read.
 */
export default function ListQuestions() {
  return (
    <AdminLayout>
      <Questions />
    </AdminLayout>
  );
}

function Questions() {
  const faq = useFaqList();
  const writes = useStaffWrites();
  const writesShared = useStaffWrites('administration');
  const remove = useListAction({
    id: (item: FaqStaffItem) => item.codigo,
    act: (item) => deleteFaq(item.codigo),
    question: (item) => ({
      title: 'Excluir dúvida',
      text: `Você tem certeza que deseja excluir a dúvida "${item.titulo}"?`,
    }),
    done: () => FAQ_MESSAGES.deleted,
    failText: FAQ_MESSAGES.deleteFailed,
    invalidates: faqListKey,
  });

  return (
    <AdminListPanel
      titleId="faq-list-title"
      title="Lista de dúvidas frequentes"
      actions={<NewItemLink to="/admin/cadastrar-duvida" testId="faq-new" label="Nova dúvida" />}
      query={faq}
      // A failed list reads 'Dados não encontrados' (spec 002 §8).
      failedText={FAQ_MESSAGES.listFailed}
      empty={FAQ_MESSAGES.empty}
      emptyTestId="faq-empty"
    >
      {(items) => (
        <AdminCards items={items} cardKey={(item) => item.codigo} testId="faq-list" cardTestId="faq-card">
          {(item) => (
            <>
              <div className="admin-card__body">
                <h2 className="admin-card__title">{item.titulo}</h2>
                <p className="admin-card__meta" data-testid="faq-partner">
                  {item.parceiro ? partnerOptionLabel(item.parceiro) : 'Todos os parceiros (lista padrão)'}
                </p>
                {/* Every role reads the answer here: an auditor, or an operator on the shared list, edits none. */}
                <details className="admin-card__answer">
                  <summary>
                    Ver resposta<span className="sr-only"> da dúvida: {item.titulo}</span>
                  </summary>
                  <p>{item.descricao}</p>
                </details>
              </div>
              {writes && (item.parceiro || writesShared) && (
                <div className="admin-card__actions">
                  <Link to={`/admin/atualizar-duvida/${item.codigo}`} className="btn btn--ghost">
                    {item.parceiro?.arquivado_em ? 'Ver' : 'Editar'}
                    <span className="sr-only"> a dúvida: {item.titulo}</span>
                  </Link>
                  <ListActionButton
                    action={remove}
                    item={item}
                    label="Excluir"
                    busyLabel="Excluindo…"
                    context={`a dúvida: ${item.titulo}`}
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
