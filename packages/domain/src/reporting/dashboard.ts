import { z } from 'zod';
import type { FunnelCount } from './funnel';
import { checkReportPeriodRange, type ReportPeriod, reportPeriodFields } from './period';

// The operations dashboard (issue 5 item 6; GET /api/painel): the wire shape, and the work queues with their
// statuses and Portuguese labels, shared by the server (which counts every status, zeros included) and the screen.

export type AgreementPaymentMethod = 'boleto' | 'pix' | 'cartao';

export const AGREEMENT_PAYMENT_METHOD_LABELS: Record<AgreementPaymentMethod, string> = {
  boleto: 'Boleto',
  pix: 'PIX',
  cartao: 'Cartão de crédito',
};

/**
 * Each queue and its statuses. Contact messages have no status of their own: theirs is the delivery of the e-mail
 * that forwards them to the partner. Contact requests are the 'cannot pay' reasons (the callback flow of spec 001
 * §3), the call requests and the WhatsApp contacts, by status, with the calls asked for on their own. Privacy
 * requests past their legal deadline (`prazo`) and not answered are also counted as overdue (they stay in their
 * status too).
 */
export const DASHBOARD_QUEUES = {
  contactMessages: {
    label: 'Mensagens do formulário de contato',
    statuses: { sent: 'Encaminhadas ao parceiro', pending: 'Aguardando envio', failed: 'Falha no envio' },
  },
  callRequests: {
    label: 'Pedidos de contato (não posso pagar, ligação e WhatsApp)',
    statuses: {
      open: 'Em aberto',
      in_progress: 'Em atendimento',
      answered: 'Respondidos',
      scheduledCalls: 'Ligações agendadas',
    },
  },
  proposals: {
    label: 'Propostas',
    statuses: { open: 'Em aberto', in_progress: 'Em atendimento', answered: 'Respondidas' },
  },
  disputes: {
    label: 'Contestações (não reconhece a dívida)',
    statuses: { open: 'Em aberto', in_progress: 'Em atendimento', answered: 'Respondidas' },
  },
  privacyRequests: {
    label: 'Requisições de privacidade (LGPD)',
    statuses: { open: 'Abertas', in_progress: 'Em andamento', answered: 'Respondidas', overdue: 'Vencidas' },
  },
} as const;

export type DashboardQueueKey = keyof typeof DASHBOARD_QUEUES;
export type DashboardQueueCounts = {
  [Q in DashboardQueueKey]: Record<keyof (typeof DASHBOARD_QUEUES)[Q]['statuses'], number>;
};

export interface DashboardAgreements {
  paymentMethod: AgreementPaymentMethod;
  count: number;
  /** Sum of the negotiated totals, centavos. */
  totalCents: number;
  /** Sum of the entries (first payments), centavos. */
  entryCents: number;
}

/**
 * Where the money received in the period came from (issue 18 item 7; decision 031): instalments of agreements paid
 * by boleto or PIX, card agreements settled by the gateway, second copies paid, and money received that paid no
 * instalment (less than due, or twice) — received all the same, so it is recovered too.
 */
export const DASHBOARD_RECOVERED_SOURCES = {
  agreementPayments: 'Parcelas de acordos (boleto e PIX)',
  cardPayments: 'Acordos no cartão de crédito',
  secondCopyPayments: 'Segundas vias pagas',
  unapplied: 'Recebido sem baixa de parcela',
} as const;
export type DashboardRecoveredSource = keyof typeof DASHBOARD_RECOVERED_SOURCES;

/**
 * An agreement's status on the dashboard: the stored status, with a cancelled agreement the broken-agreement job
 * ended (entry unpaid past the tolerance, issue 17 item 5) told apart from one cancelled otherwise.
 */
export const DASHBOARD_AGREEMENT_STATUSES = {
  active: 'Ativos',
  settled: 'Quitados',
  cancelled: 'Cancelados',
  broken: 'Quebrados (entrada não paga)',
} as const;
export type DashboardAgreementStatus = keyof typeof DASHBOARD_AGREEMENT_STATUSES;

/** Paid cards' money given back (refund, chargeback; decisions 047, 053): money leaving, off the recovered total. */
export const DASHBOARD_REVERSED_LABEL = 'Estornos de cartão';

/** The dashboard's money, integer centavos. */
export interface DashboardMoney {
  /** Received in the period (payment dates within it), by source. */
  recovered: Record<DashboardRecoveredSource, number>;
  /** Paid cards' money given back, recorded in the period (positive). */
  reversedCents: number;
  /** The unpaid instalments of the agreements made in the period that are still active. */
  promisedCents: number;
}

/** GET /api/painel `data`: one partner, one period (Brasília days, both included). */
export interface DashboardAnswer {
  partner: { id: number; nome: string };
  period: ReportPeriod;
  funnel: FunnelCount[];
  money: DashboardMoney;
  /** The agreements made in the period, by their status today. */
  agreementStatuses: Record<DashboardAgreementStatus, number>;
  agreements: DashboardAgreements[];
  queues: DashboardQueueCounts;
}

/** The money received in the period, every source together, less the card money given back in it, centavos. */
export function recoveredTotal(money: DashboardMoney): number {
  return Object.values(money.recovered).reduce((sum, cents) => sum + cents, 0) - money.reversedCents;
}

/** Said under the partner select when the filter names none. */
export const DASHBOARD_PARTNER_REQUIRED = 'Selecione o parceiro.';

/** The dashboard's filter: a partner (its numeric id), then the report period. */
export const dashboardFilterSchema = z
  .object({
    parceiro: z.string().regex(/^[1-9]\d{0,8}$/, DASHBOARD_PARTNER_REQUIRED),
    ...reportPeriodFields,
  })
  .superRefine(checkReportPeriodRange)
  .transform(({ parceiro, data_inicial, data_final }) => ({
    partnerId: Number(parceiro),
    period: { from: data_inicial, to: data_final } satisfies ReportPeriod,
  }));

/** What the dashboard shows: a partner and a period. */
export type DashboardFilter = z.output<typeof dashboardFilterSchema>;
