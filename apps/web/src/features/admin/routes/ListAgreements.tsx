import {
  AGREEMENT_ADMIN_MESSAGES,
  AGREEMENT_PAYMENT_METHOD_LABELS,
  AGREEMENT_PAYMENT_METHODS,
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUS_NAMES,
  formatMoney,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/fields';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { type AgreementFilters, useAgreements, useAgreementsSheet } from '../api/agreements';
import { AdminLayout } from '../components/AdminLayout';
import { AdminPager } from '../components/AdminPager';
import { PartnerStoreFields, PeriodFields, SheetButton, useListFilters } from '../components/ListFilters';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import '../reports.css';

const EMPTY: AgreementFilters = {
  parceiro: '',
  loja: '',
  status: '',
  forma_pagamento: '',
  cpf_cnpj: '',
  data_inicial: '',
  data_final: '',
};
const STATUS_OPTIONS = AGREEMENT_STATUS_NAMES.map((value) => ({
  value,
  label: AGREEMENT_STATUS_LABELS[value],
}));
const METHOD_OPTIONS = AGREEMENT_PAYMENT_METHODS.map((value) => ({
  value,
  label: AGREEMENT_PAYMENT_METHOD_LABELS[value],
}));

/**
 * 'Acordos' (/admin/acordos; issue 18 item 3): the agreements an operator's partners (or every partner) made, newest
 * first, filtered by partner, store, status, payment type, the Brasília days they were made and CPF/CNPJ
 * ('Pesquisar'), page by page, each opening its page; 'Planilha' downloads the filtered list.
 */
export default function ListAgreements() {
  return (
    <AdminLayout>
      <Agreements />
    </AdminLayout>
  );
}

function Agreements() {
  const [page, setPage] = useState(1);
  const { draft, filters, set, search } = useListFilters(EMPTY, () => setPage(1));
  const rows = useAgreements(filters, page);
  const sheet = useAgreementsSheet();

  return (
    <section className="admin-panel" aria-labelledby="agreements-title" aria-busy={rows.isPending}>
      <div className="admin-panel__head">
        <h1 id="agreements-title" className="admin-panel__title">
          Acordos
        </h1>
        <SheetButton sheet={sheet} filters={filters} testId="agreements-sheet" />
      </div>
      <form className="admin-search" onSubmit={search} aria-label="Filtros dos acordos">
        <PartnerStoreFields draft={draft} set={set} stores={rows.data?.lojas} />
        <SelectField
          label="Status"
          name="status"
          placeholder="Todos"
          options={STATUS_OPTIONS}
          value={draft.status}
          onChange={set('status')}
        />
        <SelectField
          label="Forma de pagamento"
          name="forma_pagamento"
          placeholder="Todas"
          options={METHOD_OPTIONS}
          value={draft.forma_pagamento}
          onChange={set('forma_pagamento')}
        />
        <TextField
          label="CPF/CNPJ"
          name="cpf_cnpj"
          inputMode="text"
          autoComplete="off"
          value={draft.cpf_cnpj}
          onChange={set('cpf_cnpj')}
        />
        <PeriodFields draft={draft} set={set} />
        <button type="submit" className="btn btn--primary">
          Pesquisar
        </button>
      </form>
      <QueryView query={rows} look="admin" failedText="Não foi possível carregar os acordos.">
        {({ data: items, meta }) =>
          items.length === 0 ? (
            <p className="admin-panel__empty" data-testid="agreements-empty">
              {AGREEMENT_ADMIN_MESSAGES.empty}
            </p>
          ) : (
            <ReportsTableScroll captionId="agreements-caption">
              <table className="reports-table" data-testid="agreements-table">
                <caption id="agreements-caption">Acordos encontrados: {meta.total}</caption>
                <thead>
                  <tr>
                    <th scope="col">Acordo</th>
                    <th scope="col">Data</th>
                    <th scope="col">Parceiro</th>
                    <th scope="col">Loja</th>
                    <th scope="col">Devedor</th>
                    <th scope="col">CPF/CNPJ</th>
                    <th scope="col">Forma de pagamento</th>
                    <th scope="col">Valor negociado</th>
                    <th scope="col">Pago</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.aco_codigo} data-testid="agreement-row">
                      <td>
                        <Link
                          to={`/admin/acordos/${item.aco_codigo}`}
                          aria-label={`Abrir o acordo ${item.aco_codigo}`}
                        >
                          {item.aco_codigo}
                        </Link>
                      </td>
                      <td>{item.data_acordo}</td>
                      <td>{item.parceiro.nome}</td>
                      <td>{item.loja.nome}</td>
                      <td>{item.devedor.nome}</td>
                      <td>{item.devedor.cpf_cnpj}</td>
                      <td>{AGREEMENT_PAYMENT_METHOD_LABELS[item.forma_pagamento]}</td>
                      <td>{formatMoney(item.valor_negociado)}</td>
                      <td>{formatMoney(item.valor_pago)}</td>
                      <td>{AGREEMENT_STATUS_LABELS[item.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ReportsTableScroll>
          )
        }
      </QueryView>
      <AdminPager
        page={page}
        lastPage={rows.data?.meta.last_page ?? 1}
        label="Páginas de acordos"
        onPage={setPage}
      />
    </section>
  );
}
