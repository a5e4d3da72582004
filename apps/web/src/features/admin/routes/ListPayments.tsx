import {
  AGREEMENT_ADMIN_MESSAGES,
  defaultReportPeriod,
  formatBrDate,
  formatMoney,
  RECEIVED_PAYMENT_METHOD_LABELS,
  RECEIVED_PAYMENT_METHODS,
} from '@portal/domain';
import { type PaymentFilters, usePayments, usePaymentsSheet } from '../api/agreements';
import { AdminLayout } from '../components/AdminLayout';
import { AdminListPanel } from '../components/AdminListPanel';
import { AdminTable } from '../components/AdminTable';
import {
  ListSearchForm,
  PartnerStoreFields,
  PeriodFields,
  SheetButton,
  useListFilters,
} from '../components/ListFilters';
import '../reports.css';
import '../agreements.css';

/**
 * 'Pagamentos' (/admin/pagamentos; issue 18 item 3): the money received on each Brasília day of a period (the last
 * 30 days at first) by method (PIX, boleto, card, second copy), with the totals, filtered by partner and store;
 * 'Planilha' downloads the same table.
 */
export default function ListPayments() {
  return (
    <AdminLayout>
      <Payments />
    </AdminLayout>
  );
}

function initialFilters(): PaymentFilters {
  const { from, to } = defaultReportPeriod();
  return { parceiro: '', loja: '', data_inicial: from, data_final: to };
}

const COLUMNS = [
  'Dia',
  ...RECEIVED_PAYMENT_METHODS.map((method) => RECEIVED_PAYMENT_METHOD_LABELS[method]),
  'Total',
];

function Payments() {
  const { draft, filters, field, search } = useListFilters(initialFilters);
  const payments = usePayments(filters);
  const sheet = usePaymentsSheet();

  return (
    <AdminListPanel
      titleId="payments-title"
      title="Pagamentos recebidos"
      actions={<SheetButton sheet={sheet} filters={filters} testId="payments-sheet" />}
      controls={
        <ListSearchForm label="Filtros dos pagamentos" onSubmit={search}>
          <PartnerStoreFields draft={draft} field={field} stores={payments.data?.lojas} />
          <PeriodFields field={field} />
        </ListSearchForm>
      }
      query={payments}
      failedText="Não foi possível carregar os pagamentos."
      empty={AGREEMENT_ADMIN_MESSAGES.paymentsEmpty}
      emptyTestId="payments-empty"
    >
      {(days, { totais }) => (
        <AdminTable
          testId="payments-table"
          caption="Dinheiro recebido por dia e meio de pagamento"
          columns={COLUMNS}
          foot={
            <tr className="payments-totals" data-testid="payments-totals">
              <th scope="row">Total</th>
              {RECEIVED_PAYMENT_METHODS.map((method) => (
                <td key={method}>{formatMoney(totais[method])}</td>
              ))}
              <td>{formatMoney(totais.total)}</td>
            </tr>
          }
        >
          {days.map((day) => (
            <tr key={day.dia}>
              <th scope="row">{formatBrDate(day.dia)}</th>
              {RECEIVED_PAYMENT_METHODS.map((method) => (
                <td key={method}>{formatMoney(day[method])}</td>
              ))}
              <td>{formatMoney(day.total)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminListPanel>
  );
}
