import {
  defaultReportPeriod,
  formatBrDate,
  formatMoney,
  LEAD_LIST_COLUMNS,
  LEAD_PAYMENT_FORMS,
  LEADS_LIST_FAILED,
  type LeadListItem,
  maskCpfCnpj,
  maskPhone,
  type ReportPeriod,
} from '@portal/domain';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { AdminApiError } from '../api/admin';
import { downloadLeadsSheet, listLeads } from '../api/reports';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { ReportsFilter, ReportsResults } from '../components/ReportsLayout';
import { useReportPeriod } from '../components/ReportsPeriodFields';
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

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; period: ReportPeriod; leads: LeadListItem[]; planilha: string };

// How each column shows a lead (the spreadsheet formats the same way on the server).
const CELLS: Record<keyof LeadListItem, (lead: LeadListItem) => ReactNode> = {
  led_codigo: (l) => l.led_codigo,
  led_nome: (l) => l.led_nome,
  led_email: (l) => l.led_email,
  led_fone: (l) => (l.led_fone ? maskPhone(l.led_fone) : ''),
  led_celular: (l) => maskPhone(l.led_celular),
  led_loja: (l) => l.led_loja,
  led_cidade: (l) => l.led_cidade,
  led_data_cadastro: (l) => `${formatBrDate(l.led_data_cadastro)} ${l.led_data_cadastro.slice(11, 16)}`,
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
  const [initial] = useState(() => defaultReportPeriod());
  const period = useReportPeriod(initial);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [downloading, setDownloading] = useState(false);

  const search = useCallback(
    async (asked: ReportPeriod) => {
      setState({ status: 'loading' });
      try {
        setState({ status: 'ready', period: asked, ...(await listLeads(asked)) });
      } catch (error) {
        if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
        setState({ status: 'failed' });
      }
    },
    [onFailure],
  );

  useEffect(() => {
    void search(initial);
  }, [search, initial]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = period.read();
    if (asked) void search(asked);
  }

  async function downloadSheet() {
    if (state.status !== 'ready') return;
    setDownloading(true);
    try {
      await downloadLeadsSheet(state.planilha, state.period);
    } catch (error) {
      if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
      else await showModal({ title: 'Ocorreu um erro', text: LEADS_LIST_FAILED, style: 'danger' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="leads-title">
      <div className="admin-panel__head">
        <h1 id="leads-title" className="admin-panel__title">
          Lista de leads
        </h1>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void downloadSheet()}
          disabled={state.status !== 'ready' || downloading}
          aria-busy={downloading || undefined}
          data-testid="leads-sheet"
        >
          {downloading ? 'Gerando planilha…' : 'Planilha'}
        </button>
      </div>
      <ReportsFilter label="Filtrar leads por data" busy={state.status === 'loading'} onSubmit={onSubmit}>
        {period.fields}
      </ReportsFilter>
      <ReportsResults
        loading={state.status === 'loading'}
        failure={state.status === 'failed' ? LEADS_LIST_FAILED : null}
      >
        {state.status === 'ready' && <LeadsTable period={state.period} leads={state.leads} />}
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
