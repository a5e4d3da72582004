import {
  defaultReportPeriod,
  formatBrDate,
  formatBrTimestamp,
  formatMoney,
  LEAD_LIST_COLUMNS,
  LEAD_PAYMENT_FORMS,
  LEADS_LIST_FAILED,
  type LeadListItem,
  maskCpfCnpj,
  maskPhone,
  type ReportPeriod,
  reportPeriodSchema,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useSingleFlightMutation } from '../../../lib/use-single-flight';
import { AdminApiError } from '../api/admin';
import { leadsKey, useLeads, useLeadsSheet } from '../api/reports';
import { AdminLayout, AdminTitle, useAdminFailure } from '../components/AdminLayout';
import { ReportsFilter, ReportsResults, useReportSearch } from '../components/ReportsLayout';
import { periodValues, ReportsPeriodFields } from '../components/ReportsPeriodFields';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import '../reports.css';

/**
 * ListLeads, 'Lista de leads' (spec 002 §2, §3 "Lead", §8): 'Data inicial' / 'Data final' and 'Pesquisar', the
 * table 'Detalhes das entradas para negociação' with the thirteen columns, and 'Planilha', the XLSX of the same
 * leads. Opens on the last 30 days; a failed list or spreadsheet reads 'Ocorreu um erro ao gerar a lista de leads'.
 */
export default function ListLeads() {
  return (
    <AdminLayout>
      <Leads />
    </AdminLayout>
  );
}

// How each column shows a lead (the spreadsheet formats the same way on the server).
const CELLS: Record<keyof LeadListItem, (lead: LeadListItem) => ReactNode> = {
  led_codigo: (l) => l.led_codigo,
  led_nome: (l) => l.led_nome,
  led_email: (l) => l.led_email,
  led_fone: (l) => (l.led_fone ? maskPhone(l.led_fone) : ''),
  led_celular: (l) => maskPhone(l.led_celular),
  led_loja: (l) => l.led_loja,
  led_cidade: (l) => l.led_cidade,
  led_data_cadastro: (l) => formatBrTimestamp(l.led_data_cadastro),
  led_cpf_cnpj: (l) => maskCpfCnpj(l.led_cpf_cnpj),
  led_obs: (l) => l.led_obs,
  led_valor: (l) => formatMoney(l.led_valor),
  led_forma_pagamento: (l) => LEAD_PAYMENT_FORMS[l.led_forma_pagamento],
  led_valor_pode_pagar: (l) => formatMoney(l.led_valor_pode_pagar),
};
const CELL_CLASS: Partial<Record<keyof LeadListItem, string>> = {
  led_codigo: 'reports-table__number',
  led_valor: 'reports-table__number',
  led_valor_pode_pagar: 'reports-table__number',
  led_obs: 'reports-table__text',
};

function Leads() {
  const onFailure = useAdminFailure();
  const { showModal } = useFeedback();
  const [period, search] = useReportSearch(defaultReportPeriod(), leadsKey);
  const form = useZodForm(reportPeriodSchema, periodValues(period));
  const leads = useLeads(period);
  const sheet = useLeadsSheet();

  // One download at a time: a double click saved the sheet twice.
  const downloadSheet = useSingleFlightMutation(sheet, {
    onError: async (error) => {
      if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
      else await showModal({ title: 'Ocorreu um erro', text: LEADS_LIST_FAILED, style: 'danger' });
    },
  });

  return (
    <section className="admin-panel" aria-labelledby="leads-title">
      <div className="admin-panel__head">
        <AdminTitle id="leads-title">Lista de leads</AdminTitle>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => leads.data && downloadSheet({ planilha: leads.data.planilha, period })}
          disabled={!leads.isSuccess || sheet.isPending}
          aria-busy={sheet.isPending || undefined}
          data-testid="leads-sheet"
        >
          {sheet.isPending ? 'Gerando planilha…' : 'Planilha'}
        </button>
      </div>
      <ReportsFilter label="Filtrar leads por data" busy={leads.isFetching} form={form} onSubmit={search}>
        <ReportsPeriodFields />
      </ReportsFilter>
      <ReportsResults query={leads} failedText={LEADS_LIST_FAILED}>
        {(data) => <LeadsTable period={period} leads={data.leads} />}
      </ReportsResults>
    </section>
  );
}

function LeadsTable({ period, leads }: { period: ReportPeriod; leads: LeadListItem[] }) {
  const range = `${formatBrDate(period.from)} a ${formatBrDate(period.to)}`;
  return (
    <>
      <p className="reports-summary" data-testid="leads-summary">
        {leads.length === 1 ? '1 lead' : `${leads.length} leads`} de {range}
      </p>
      {/* Thirteen columns do not fit a phone: the table scrolls sideways in its own focusable region. */}
      <ReportsTableScroll captionId="leads-caption">
        <table className="reports-table" data-testid="leads-table">
          <caption id="leads-caption">Detalhes das entradas para negociação</caption>
          <thead>
            <tr>
              {LEAD_LIST_COLUMNS.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {leads.length === 0 ? (
              <tr>
                <td colSpan={LEAD_LIST_COLUMNS.length} className="reports-table__empty">
                  Nenhum lead cadastrado no período.
                </td>
              </tr>
            ) : (
              leads.map((lead) => (
                <tr key={lead.led_codigo}>
                  {LEAD_LIST_COLUMNS.map((column) => (
                    <td key={column.key} className={CELL_CLASS[column.key]}>
                      {CELLS[column.key](lead)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ReportsTableScroll>
    </>
  );
}
