import {
  AGREEMENT_PAYMENT_METHOD_LABELS,
  DASHBOARD_QUEUES,
  type DashboardAnswer,
  type DashboardQueueKey,
  defaultReportPeriod,
  FUNNEL_PAYMENT_NOT_RECORDED,
  FUNNEL_STAGES,
  FUNNEL_UNIT_LABELS,
  formatBrDate,
  formatMoney,
  funnelConversion,
  type ReportPeriod,
} from '@portal/domain';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { AdminApiError } from '../api/admin';
import { filterPartners, listEveryPartner, partnerOptionLabel } from '../api/partners';
import { getDashboard } from '../api/reports';
import { AdminLayout, useAdminFailure } from '../components/AdminLayout';
import { type FunnelBar, ReportsFunnelChart } from '../components/ReportsFunnelChart';
import { ReportsFilter, ReportsResults } from '../components/ReportsLayout';
import { useReportPeriod } from '../components/ReportsPeriodFields';
import { ReportsTableScroll } from '../components/ReportsTableScroll';
import { useAdminList } from '../components/useAdminList';
import '../reports.css';

/**
 * The operations dashboard (issue 5 item 6, beyond the spec): for a partner and a period (the last 30 days at
 * first), the debtor funnel as a chart and as a table of the same numbers, the agreements by payment type and the
 * work queues by status.
 */
export default function Dashboard() {
  return (
    <AdminLayout>
      <DashboardScreen />
    </AdminLayout>
  );
}

type State = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; answer: DashboardAnswer };

const LOAD_FAILED = 'Não foi possível carregar o painel. Tente novamente.';

function DashboardScreen() {
  const onFailure = useAdminFailure();
  const partners = useAdminList(listEveryPartner);
  const sorted = useMemo(
    () => (partners.state.status === 'ready' ? filterPartners(partners.state.items, '') : []),
    [partners.state],
  );
  const [partnerId, setPartnerId] = useState('');
  const [partnerError, setPartnerError] = useState<string>();
  const [initial] = useState(() => defaultReportPeriod());
  const period = useReportPeriod(initial);
  const [state, setState] = useState<State>({ status: 'idle' });

  const load = useCallback(
    async (id: number, asked: ReportPeriod) => {
      setState({ status: 'loading' });
      try {
        setState({ status: 'ready', answer: await getDashboard(id, asked) });
      } catch (error) {
        if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
        setState({ status: 'failed' });
      }
    },
    [onFailure],
  );

  // The first active partner by name is shown as soon as the list arrives.
  const first = sorted.find((p) => !p.arquivado_em) ?? sorted[0];
  useEffect(() => {
    if (!first) return;
    setPartnerId(String(first.id));
    void load(first.id, initial);
  }, [first, initial, load]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!partnerId) {
      setPartnerError('Selecione o parceiro.');
      document.getElementById('painel-parceiro')?.focus();
      return;
    }
    setPartnerError(undefined);
    const asked = period.read();
    if (asked) void load(Number(partnerId), asked);
  }

  return (
    <section className="admin-panel" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="admin-panel__title">
        Painel de operações
      </h1>
      <ReportsFilter label="Filtrar o painel" busy={state.status === 'loading'} onSubmit={onSubmit}>
        <SelectField
          id="painel-parceiro"
          label="Parceiro"
          name="parceiro"
          options={sorted.map((p) => ({ value: String(p.id), label: partnerOptionLabel(p) }))}
          value={partnerId}
          error={partnerError}
          onChange={(event) => setPartnerId(event.target.value)}
        />
        {period.fields}
      </ReportsFilter>
      <ReportsResults
        loading={state.status === 'loading' || partners.state.status === 'loading'}
        failure={state.status === 'failed' || partners.state.status === 'failed' ? LOAD_FAILED : null}
      >
        {state.status === 'ready' && <DashboardReport answer={state.answer} />}
      </ReportsResults>
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
      <AgreementsSection answer={answer} />
      <QueuesSection answer={answer} />
    </div>
  );
}

function FunnelSection({ answer }: { answer: DashboardAnswer }) {
  const conversion = funnelConversion(answer.funnel);
  const countOf = new Map(answer.funnel.map((stage) => [stage.key, stage.count]));
  // The chart shows the stages that have a number (the table says why one has none).
  const bars = useMemo<FunnelBar[]>(
    () =>
      FUNNEL_STAGES.flatMap((stage) => {
        const value = answer.funnel.find((s) => s.key === stage.key)?.count ?? null;
        return value === null ? [] : [{ label: stage.label, value }];
      }),
    [answer.funnel],
  );
  return (
    <section className="reports-section" aria-labelledby="funnel-title">
      <h2 id="funnel-title" className="reports-section__title">
        Funil de negociação
      </h2>
      {/* An empty chart says nothing: a period without steps says so (and the chart library is not fetched). */}
      {bars.some((bar) => bar.value > 0) ? (
        <ReportsFunnelChart bars={bars} />
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
              const count = countOf.get(stage.key) ?? null;
              const percent = conversion[stage.key];
              return (
                <tr key={stage.key} data-stage={stage.key}>
                  <th scope="row">{stage.label}</th>
                  <td className="reports-table__number">{count === null ? 'Não registrado' : count}</td>
                  <td>{FUNNEL_UNIT_LABELS[stage.unit]}</td>
                  <td className="reports-table__number">{percent === null ? '—' : `${percent}%`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ReportsTableScroll>
      {!answer.paymentsRecorded && (
        <p className="reports-note" data-testid="funnel-payment-note">
          {FUNNEL_PAYMENT_NOT_RECORDED}
        </p>
      )}
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
