import { formatBasisPoints, maskCpfCnpj, STORE_MESSAGES, type StoreItem } from '@portal/domain';
import { Link } from 'react-router';
import { partnerOptionLabel } from '../api/partners';
import { storeListKey, switchStore, useStores } from '../api/stores';
import { AdminLayout, useStaffWrites } from '../components/AdminLayout';
import { AdminCards, AdminListPanel, NewItemLink } from '../components/AdminListPanel';
import { ListActionButton, useListAction } from '../components/ListAction';

/**
 * 'Lojas' (/admin/lojas; issue 18 item 1): every store the staff member reaches, with the partners serving it, its
 * policy in short and whether it is switched off; 'Nova loja', Editar, and Desativar / Reativar, asked first (a role
 * that only reads gets Ver, the form read-only).
 */
export default function ListStores() {
  return (
    <AdminLayout>
      <Stores />
    </AdminLayout>
  );
}

/** The policy in one line: what a debtor is offered, or that nothing is discounted. */
export function policySummary(store: StoreItem): string {
  const policy = store.politica;
  if (!policy) return 'Sem política definida: não oferece desconto';
  const cash = policy.cashDiscount;
  return `À vista: ${formatBasisPoints(cash.principalBp)} no principal e ${formatBasisPoints(cash.feesBp)} nos encargos · até ${policy.maxInstalments} parcelas`;
}

function Stores() {
  const stores = useStores();
  const writes = useStaffWrites();
  const toggle = useListAction({
    id: (item: StoreItem) => item.id,
    act: (item) => switchStore(item.id, !item.ativa),
    question: (item) =>
      item.ativa
        ? {
            title: 'Desativar loja',
            text: `Você tem certeza que deseja desativar a loja ${item.nome_fantasia}? As dívidas continuam visíveis no portal, mas nenhuma negociação será oferecida.`,
          }
        : {
            title: 'Reativar loja',
            text: `Você tem certeza que deseja reativar a loja ${item.nome_fantasia}? Ela volta a oferecer negociação no portal.`,
          },
    done: (item) => (item.ativa ? STORE_MESSAGES.switchedOff : STORE_MESSAGES.switchedOn),
    invalidates: storeListKey,
  });

  return (
    <AdminListPanel
      titleId="stores-title"
      title="Lista de lojas"
      actions={
        <NewItemLink to="/admin/lojas/nova" testId="store-new" label="Nova loja" access="administration" />
      }
      query={stores}
      failedText="Não foi possível carregar as lojas."
      empty={STORE_MESSAGES.empty}
    >
      {(items) => (
        <AdminCards items={items} cardKey={(item) => item.id} testId="store-list" cardTestId="store-card">
          {(item) => (
            <>
              <div>
                <h2 className="admin-card__title">
                  {item.nome_fantasia}
                  {item.ativa ? '' : ' · Desativada'}
                </h2>
                <p>
                  {maskCpfCnpj(item.cpf_cnpj)}
                  {item.cidade ? ` · ${item.cidade}${item.estado ? `/${item.estado}` : ''}` : ''}
                </p>
                <p>
                  Parceiros:{' '}
                  {item.parceiros
                    .map(
                      (partner) => `${partnerOptionLabel(partner)}${partner.negocia ? '' : ' (só boletos)'}`,
                    )
                    .join(', ') || 'nenhum'}
                </p>
                <p data-testid="store-policy">{policySummary(item)}</p>
              </div>
              <div className="admin-card__actions">
                <Link to={`/admin/lojas/${item.id}`} className="btn btn--ghost">
                  {writes ? 'Editar' : 'Ver'}
                  <span className="sr-only"> a loja {item.nome_fantasia}</span>
                </Link>
                <ListActionButton
                  action={toggle}
                  item={item}
                  label={item.ativa ? 'Desativar' : 'Reativar'}
                  busyLabel={item.ativa ? 'Desativando…' : 'Reativando…'}
                  context={`a loja ${item.nome_fantasia}`}
                  className={`btn btn--ghost${item.ativa ? ' admin-card__delete' : ''}`}
                />
              </div>
            </>
          )}
        </AdminCards>
      )}
    </AdminListPanel>
  );
}
