import {
  AGREEMENT_PAYMENT_METHOD_LABELS,
  DASHBOARD_AGREEMENT_STATUSES,
  DASHBOARD_QUEUES,
  DASHBOARD_RECOVERED_SOURCES,
  DASHBOARD_REVERSED_LABEL,
  type DashboardAgreementStatus,
  type DashboardAnswer,
  type DashboardFilter,
  type DashboardQueueKey,
  type DashboardRecoveredSource,
  dashboardFilterSchema,
  defaultReportPeriod,
  FUNNEL_STAGES,
  FUNNEL_UNIT_LABELS,
  formatBrDate,
  formatMoney,
  funnelConversion,
  recoveredTotal,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { SelectInput } from '../../../components/form/fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { filterPartners, partnerOptionLabel, usePartnerList } from '../api/partners';
import { dashboardKey, useDashboard } from '../api/reports';
import { AdminLayout, AdminTitle } from '../components/AdminLayout';
import { type ReportBar, ReportsBarChart } from '../components/ReportsBarChart';
import { ReportsFilter, ReportsResults, useReportSearch } from '../components/ReportsLayout';
import { periodValues, ReportsPeriodFields } from '../components/ReportsPeriodFields';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import '../reports.css';

/**
 * The operations dashboard (issue 5 item 6, issue 18 item 7, beyond the spec): for a partner and a period (the last
 * 30 days at first), the debtor funnel and the money recovered and promised, each as a chart and as a table of the
 * same numbers, the agreements by status and by payment type, and the work queues by status.
 */
export default function Dashboard() {
  return (
    <AdminLayout>
      <DashboardScreen />
    </AdminLayout>
  );
}

const LOAD_FAILED = 'Não foi possível carregar o painel. Tente novamente.';

function DashboardScreen() {
  const partners = usePartnerList('todos');
  const sorted = useMemo(() => filterPartners(partners.data ?? [], ''), [partners.data]);
  // The first active partner by name is shown as soon as the list arrives.
  const first = sorted.find((p) => !p.arquivado_em) ?? sorted[0];
  const [initial] = useState(defaultReportPeriod);
  const [asked, search] = useReportSearch<DashboardFilter | null>(null, dashboardKey);
  const shown = asked ?? (first ? { partnerId: first.id, period: initial } : null);
  const dashboard = useDashboard(shown);
  const form = useZodForm(dashboardFilterSchema, { parceiro: '', ...periodValues(initial) });
  const { getValues, setValue } = form;
  useEffect(() => {
    if (first && !getValues('parceiro')) setValue('parceiro', String(first.id));
  }, [first, getValues, setValue]);

  return (
    <section className="admin-panel" aria-labelledby="dashboard-title">
      <AdminTitle id="dashboard-title">Painel de operações</AdminTitle>
      <ReportsFilter label="Filtrar o painel" busy={dashboard.isFetching} form={form} onSubmit={search}>
        <SelectInput
          label="Parceiro"
          name="parceiro"
          options={sorted.map((p) => ({ value: String(p.id), label: partnerOptionLabel(p) }))}
        />
        <ReportsPeriodFields />
      </ReportsFilter>
      {/* Only a first read that failed replaces the report: a later one keeps the list it had (as QueryView does). */}
      {partners.isLoadingError ? (
        <ReportsResults query={partners} failedText={LOAD_FAILED}>
          {() => null}
        </ReportsResults>
      ) : (
        <ReportsResults query={dashboard} failedText={LOAD_FAILED}>
          {(answer) => <DashboardReport answer={answer} />}
        </ReportsResults>
      )}
    </section>
  );
}

function DashboardReport({ answer }: { answer: DashboardAnswer }) {
  const range = `${formatBrDate(answer.period.from)} a ${formatBrDate(answer.period.to)}`;
  return (
    <div className="reports-dashboard">
      <p className="reports-summary" data-testid="dashboard-summary">
        {answer.partner.nome}, de {range}
      </p>
      <FunnelSection answer={answer} />
      <MoneySection answer={answer} />
      <AgreementStatusSection answer={answer} />
      <AgreementsSection answer={answer} />
      <QueuesSection answer={answer} />
    </div>
  );
}

function FunnelSection({ answer }: { answer: DashboardAnswer }) {
  const conversion = funnelConversion(answer.funnel);
  const countOf = new Map(answer.funnel.map((stage) => [stage.key, stage.count]));
  const bars = useMemo<ReportBar[]>(
    () =>
      FUNNEL_STAGES.map((stage) => ({
        label: stage.label,
        value: answer.funnel.find((s) => s.key === stage.key)?.count ?? 0,
      })),
    [answer.funnel],
  );
  return (
    <section className="reports-section" aria-labelledby="funnel-title">
      <h2 id="funnel-title" className="reports-section__title">
        Funil de negociação
      </h2>
      {/* An empty chart says nothing: a period without steps says so (and the chart library is not fetched). */}
      {bars.some((bar) => bar.value > 0) ? (
        <ReportsBarChart
          bars={bars}
          label="Gráfico de barras do funil de negociação; os mesmos números estão na tabela a seguir."
          testId="funnel-chart"
        />
      ) : (
        <p className="admin-panel__empty" data-testid="funnel-empty">
          Nenhum acesso ao portal registrado no período.
        </p>
      )}
      <ReportsTableScroll captionId="funnel-caption">
        <table className="reports-table" data-testid="funnel-table">
          <caption id="funnel-caption">Funil de negociação: números do gráfico</caption>
          <thead>
            <tr>
              <th scope="col">Etapa</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Conta</th>
              <th scope="col">% dos CPF/CNPJ identificados</th>
            </tr>
          </thead>
          <tbody>
            {FUNNEL_STAGES.map((stage) => {
              const percent = conversion[stage.key];
              return (
                <tr key={stage.key} data-stage={stage.key}>
                  <th scope="row">{stage.label}</th>
                  <td className="reports-table__number">{countOf.get(stage.key) ?? 0}</td>
                  <td>{FUNNEL_UNIT_LABELS[stage.unit]}</td>
                  <td className="reports-table__number">{percent === null ? '—' : `${percent}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ReportsTableScroll>
    </section>
  );
}

const PROMISED_LABEL = 'Prometido (parcelas em aberto)';
const RECOVERED_KEYS = Object.keys(DASHBOARD_RECOVERED_SOURCES) as DashboardRecoveredSource[];

function MoneySection({ answer }: { answer: DashboardAnswer }) {
  const { money } = answer;
  const bars = useMemo<ReportBar[]>(
    () => [
      ...RECOVERED_KEYS.map((key) => ({
        label: DASHBOARD_RECOVERED_SOURCES[key],
        value: money.recovered[key],
      })),
      { label: DASHBOARD_REVERSED_LABEL, value: money.reversedCents },
      { label: PROMISED_LABEL, value: money.promisedCents },
    ],
    [money],
  );
  return (
    <section className="reports-section" aria-labelledby="money-title">
      <h2 id="money-title" className="reports-section__title">
        Dinheiro recuperado e prometido
      </h2>
      {bars.some((bar) => bar.value > 0) ? (
        <ReportsBarChart
          bars={bars}
          label="Gráfico de barras do dinheiro recuperado e prometido; os mesmos valores estão na tabela a seguir."
          testId="money-chart"
          format={formatMoney}
        />
      ) : (
        <p className="admin-panel__empty" data-testid="money-empty">
          Nenhum pagamento recebido nem prometido no período.
        </p>
      )}
      <ReportsTableScroll captionId="money-caption">
        <table className="reports-table" data-testid="money-table">
          <caption id="money-caption">
            Recebido nos dias do período, menos os estornos de cartão registrados nele, e o que os acordos do
            período ainda ativos têm a pagar
          </caption>
          <thead>
            <tr>
              <th scope="col">Origem</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {RECOVERED_KEYS.map((key) => (
              <tr key={key} data-money={key}>
                <th scope="row">{DASHBOARD_RECOVERED_SOURCES[key]}</th>
                <td className="reports-table__number">{formatMoney(money.recovered[key])}</td>
              </tr>
            ))}
            <tr data-money="reversed">
              <th scope="row">{DASHBOARD_REVERSED_LABEL}</th>
              <td className="reports-table__number">{formatMoney(-money.reversedCents)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr data-money="recovered">
              <th scope="row">Total recuperado</th>
              <td className="reports-table__number">{formatMoney(recoveredTotal(money))}</td>
            </tr>
            <tr data-money="promised">
              <th scope="row">{PROMISED_LABEL}</th>
              <td className="reports-table__number">{formatMoney(money.promisedCents)}</td>
            </tr>
          </tfoot>
        </table>
      </ReportsTableScroll>
    </section>
  );
}

const STATUS_KEYS = Object.keys(DASHBOARD_AGREEMENT_STATUSES) as DashboardAgreementStatus[];

function AgreementStatusSection({ answer }: { answer: DashboardAnswer }) {
  return (
    <section className="reports-section" aria-labelledby="statuses-title">
      <h2 id="statuses-title" className="reports-section__title">
        Acordos por situação
      </h2>
      <p className="reports-note">Acordos fechados no período, pela situação atual.</p>
      <dl className="reports-queue__counts" data-testid="agreement-statuses">
        {STATUS_KEYS.map((status) => (
          <div key={status} className="reports-queue__row" data-status={status}>
            <dt>{DASHBOARD_AGREEMENT_STATUSES[status]}</dt>
            <dd>{answer.agreementStatuses[status]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AgreementsSection({ answer }: { answer: DashboardAnswer }) {
  const total = answer.agreements.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      totalCents: sum.totalCents + row.totalCents,
      entryCents: sum.entryCents + row.entryCents,
    }),
    { count: 0, totalCents: 0, entryCents: 0 },
  );
  return (
    <section className="reports-section" aria-labelledby="agreements-title">
      <h2 id="agreements-title" className="reports-section__title">
        Acordos por forma de pagamento
      </h2>
      {answer.agreements.length === 0 ? (
        <p className="admin-panel__empty">Nenhum acordo no período.</p>
      ) : (
        <ReportsTableScroll captionId="agreements-caption">
          <table className="reports-table" data-testid="agreements-table">
            <caption id="agreements-caption">Acordos fechados no período (sem os cancelados)</caption>
            <thead>
              <tr>
                <th scope="col">Forma de pagamento</th>
                <th scope="col">Acordos</th>
                <th scope="col">Valor negociado</th>
                <th scope="col">Entradas</th>
              </tr>
            </thead>
            <tbody>
              {answer.agreements.map((row) => (
                <tr key={row.paymentMethod}>
                  <th scope="row">{AGREEMENT_PAYMENT_METHOD_LABELS[row.paymentMethod]}</th>
                  <td className="reports-table__number">{row.count}</td>
                  <td className="reports-table__number">{formatMoney(row.totalCents)}</td>
                  <td className="reports-table__number">{formatMoney(row.entryCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="reports-table__number">{total.count}</td>
                <td className="reports-table__number">{formatMoney(total.totalCents)}</td>
                <td className="reports-table__number">{formatMoney(total.entryCents)}</td>
              </tr>
            </tfoot>
          </table>
        </ReportsTableScroll>
      )}
    </section>
  );
}

function QueuesSection({ answer }: { answer: DashboardAnswer }) {
  const keys = Object.keys(DASHBOARD_QUEUES) as DashboardQueueKey[];
  return (
    <section className="reports-section" aria-labelledby="queues-title">
      <h2 id="queues-title" className="reports-section__title">
        Filas de atendimento
      </h2>
      <p className="reports-note">Recebidos no período, pela situação atual.</p>
      <ul className="reports-queues">
        {keys.map((key) => {
          const statuses = DASHBOARD_QUEUES[key].statuses as Record<string, string>;
          const counts = answer.queues[key] as Record<string, number>;
          return (
            <li key={key} className="reports-queue" data-queue={key}>
              <h3 className="reports-queue__title">{DASHBOARD_QUEUES[key].label}</h3>
              <dl className="reports-queue__counts">
                {Object.entries(statuses).map(([status, label]) => (
                  <div key={status} className="reports-queue__row" data-status={status}>
                    <dt>{label}</dt>
                    <dd>{counts[status] ?? 0}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
