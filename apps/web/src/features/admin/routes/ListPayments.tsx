import {
  AGREEMENT_ADMIN_MESSAGES,
  defaultReportPeriod,
  formatBrDate,
  formatMoney,
  RECEIVED_PAYMENT_METHOD_LABELS,
  RECEIVED_PAYMENT_METHODS,
} from '@portal/domain';
import { QueryView } from '../../../components/ui/QueryView';
import { type PaymentFilters, usePayments, usePaymentsSheet } from '../api/agreements';
import { AdminLayout } from '../components/AdminLayout';
import { PartnerStoreFields, PeriodFields, SheetButton, useListFilters } from '../components/ListFilters';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
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

function Payments() {
  const { draft, filters, set, search } = useListFilters(initialFilters);
  const payments = usePayments(filters);
  const sheet = usePaymentsSheet();

  return (
    <section className="admin-panel" aria-labelledby="payments-title" aria-busy={payments.isPending}>
      <div className="admin-panel__head">
        <h1 id="payments-title" className="admin-panel__title">
          Pagamentos recebidos
        </h1>
        <SheetButton sheet={sheet} filters={filters} testId="payments-sheet" />
      </div>
      <form className="admin-search" onSubmit={search} aria-label="Filtros dos pagamentos">
        <PartnerStoreFields draft={draft} set={set} stores={payments.data?.lojas} />
        <PeriodFields draft={draft} set={set} />
        <button type="submit" className="btn btn--primary">
          Pesquisar
        </button>
      </form>
      <QueryView query={payments} look="admin" failedText="Não foi possível carregar os pagamentos.">
        {({ data: days, totais }) =>
          days.length === 0 ? (
            <p className="admin-panel__empty" data-testid="payments-empty">
              {AGREEMENT_ADMIN_MESSAGES.paymentsEmpty}
            </p>
          ) : (
            <ReportsTableScroll captionId="payments-caption">
              <table className="reports-table" data-testid="payments-table">
                <caption id="payments-caption">Dinheiro recebido por dia e meio de pagamento</caption>
                <thead>
                  <tr>
                    <th scope="col">Dia</th>
                    {RECEIVED_PAYMENT_METHODS.map((method) => (
                      <th key={method} scope="col">
                        {RECEIVED_PAYMENT_METHOD_LABELS[method]}
                      </th>
                    ))}
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.dia}>
                      <th scope="row">{formatBrDate(day.dia)}</th>
                      {RECEIVED_PAYMENT_METHODS.map((method) => (
                        <td key={method}>{formatMoney(day[method])}</td>
                      ))}
                      <td>{formatMoney(day.total)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="payments-totals" data-testid="payments-totals">
                    <th scope="row">Total</th>
                    {RECEIVED_PAYMENT_METHODS.map((method) => (
                      <td key={method}>{formatMoney(totais[method])}</td>
                    ))}
                    <td>{formatMoney(totais.total)}</td>
                  </tr>
                </tfoot>
              </table>
            </ReportsTableScroll>
          )
        }
      </QueryView>
    </section>
  );
}
