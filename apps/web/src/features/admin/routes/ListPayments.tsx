import {
  AGREEMENT_ADMIN_MESSAGES,
  defaultReportPeriod,
  formatBrDate,
  formatMoney,
  RECEIVED_PAYMENT_METHOD_LABELS,
  RECEIVED_PAYMENT_METHODS,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { QueryView } from '../../../components/ui/QueryView';
import { SelectField } from '../../../components/ui/SelectField';
import { type PaymentFilters, usePayments, usePaymentsSheet } from '../api/agreements';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import { usePartnerOptions } from '../components/usePartnerOptions';
import { storeOptions } from '../lib/store-options';
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
  const onFailure = useAdminFailure();
  const partners = usePartnerOptions();
  const [draft, setDraft] = useState<PaymentFilters>(initialFilters);
  const [filters, setFilters] = useState<PaymentFilters>(draft);
  const payments = usePayments(filters);
  const sheet = usePaymentsSheet();
  const set = (field: keyof PaymentFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({
      ...current,
      [field]: event.target.value,
      ...(field === 'parceiro' ? { loja: '' } : {}),
    }));

  function search(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }

  return (
    <section className="admin-panel" aria-labelledby="payments-title" aria-busy={payments.isPending}>
      <div className="admin-panel__head">
        <h1 id="payments-title" className="admin-panel__title">
          Pagamentos recebidos
        </h1>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => sheet.mutate(filters, { onError: onFailure })}
          disabled={sheet.isPending}
          aria-busy={sheet.isPending || undefined}
          data-testid="payments-sheet"
        >
          {sheet.isPending ? 'Baixando…' : 'Planilha'}
        </button>
      </div>
      <form className="admin-search" onSubmit={search} aria-label="Filtros dos pagamentos">
        <SelectField
          label="Parceiro"
          name="parceiro"
          placeholder="Todos os parceiros"
          options={partners}
          value={draft.parceiro}
          onChange={set('parceiro')}
        />
        <SelectField
          label="Loja"
          name="loja"
          placeholder="Todas as lojas"
          options={storeOptions(payments.data?.lojas, draft.parceiro)}
          value={draft.loja}
          onChange={set('loja')}
        />
        <TextField
          label="Data inicial"
          name="data_inicial"
          type="date"
          value={draft.data_inicial}
          onChange={set('data_inicial')}
        />
        <TextField
          label="Data final"
          name="data_final"
          type="date"
          value={draft.data_final}
          onChange={set('data_final')}
        />
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
