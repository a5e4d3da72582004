import {
  AGREEMENT_ADMIN_MESSAGES,
  defaultReportPeriod,
  formatBrDate,
  formatMoney,
  PAYMENTS_COLUMN_LABELS,
  PAYMENTS_COLUMNS,
  PAYMENTS_NET_TOTAL_LABEL,
  shownCents,
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
 * 'Pagamentos' (/admin/pagamentos; issue 18 item 3; decision 053): the money received on each Brasília day of a
 * period (the last 30 days at first) by method (PIX, boleto, card, second copy), the money that paid no instalment
 * apart ('Não aplicado'), the paid cards' money given back ('Estornos', negative) and the day's net, with the totals,
 * filtered by partner and store; 'Planilha' downloads the same table.
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
  ...PAYMENTS_COLUMNS.map((column) => PAYMENTS_COLUMN_LABELS[column]),
  PAYMENTS_NET_TOTAL_LABEL,
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
          caption="Dinheiro recebido por dia e meio de pagamento, o não aplicado à parte, menos os estornos de cartão"
          columns={COLUMNS}
          foot={
            <tr className="payments-totals" data-testid="payments-totals">
              <th scope="row">Total</th>
              {PAYMENTS_COLUMNS.map((column) => (
                <td key={column}>{formatMoney(shownCents(totais, column))}</td>
              ))}
              <td>{formatMoney(totais.total)}</td>
            </tr>
          }
        >
          {days.map((day) => (
            <tr key={day.dia}>
              <th scope="row">{formatBrDate(day.dia)}</th>
              {PAYMENTS_COLUMNS.map((column) => (
                <td key={column}>{formatMoney(shownCents(day, column))}</td>
              ))}
              <td>{formatMoney(day.total)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminListPanel>
  );
}
