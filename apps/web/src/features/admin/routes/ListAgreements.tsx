import {
  AGREEMENT_ADMIN_MESSAGES,
  AGREEMENT_PAYMENT_METHOD_LABELS,
  AGREEMENT_PAYMENT_METHODS,
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUS_NAMES,
  formatBrTimestamp,
  formatMoney,
} from '@portal/domain';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/fields';
import { SelectField } from '../../../components/ui/SelectField';
import { type AgreementFilters, useAgreements, useAgreementsSheet } from '../api/agreements';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import {
  ListSearchForm,
  PartnerStoreFields,
  PeriodFields,
  SheetButton,
  usePagedListFilters,
} from '../components/ListFilters';
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
const COLUMNS = [
  'Acordo',
  'Data',
  'Parceiro',
  'Loja',
  'Devedor',
  'CPF/CNPJ',
  'Forma de pagamento',
  'Valor negociado',
  'Pago',
  'Status',
];

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
  const { draft, filters, field, search, page, setPage } = usePagedListFilters(EMPTY);
  const rows = useAgreements(filters, page);
  const sheet = useAgreementsSheet();

  return (
    <AdminListPanel
      titleId="agreements-title"
      title="Acordos"
      actions={<SheetButton sheet={sheet} filters={filters} testId="agreements-sheet" />}
      controls={
        <ListSearchForm label="Filtros dos acordos" onSubmit={search}>
          <PartnerStoreFields draft={draft} field={field} stores={rows.data?.lojas} />
          <SelectField label="Status" placeholder="Todos" options={STATUS_OPTIONS} {...field('status')} />
          <SelectField
            label="Forma de pagamento"
            placeholder="Todas"
            options={METHOD_OPTIONS}
            {...field('forma_pagamento')}
          />
          <TextField label="CPF/CNPJ" inputMode="text" autoComplete="off" {...field('cpf_cnpj')} />
          <PeriodFields field={field} />
        </ListSearchForm>
      }
      query={rows}
      failedText="Não foi possível carregar os acordos."
      empty={AGREEMENT_ADMIN_MESSAGES.empty}
      emptyTestId="agreements-empty"
      pager={{ page, onPage: setPage, label: 'Páginas de acordos' }}
    >
      {(items, { meta }) => (
        <AdminTable
          testId="agreements-table"
          caption={`Acordos encontrados: ${meta.total}`}
          columns={COLUMNS}
        >
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
              <td>{formatBrTimestamp(item.data_acordo)}</td>
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
        </AdminTable>
      )}
    </AdminListPanel>
  );
}
