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
 * that forwards them to the partner. Call requests are the 'cannot pay' requests (the callback flow of spec 001 §3)
 * plus the calls scheduled in the step log (code 20). Privacy requests past their legal deadline (`prazo`) and not
 * answered are also counted as overdue (they stay in their status too).
 */
export const DASHBOARD_QUEUES = {
  contactMessages: {
    label: 'Mensagens do formulário de contato',
    statuses: { sent: 'Encaminhadas ao parceiro', pending: 'Aguardando envio', failed: 'Falha no envio' },
  },
  callRequests: {
    label: 'Pedidos de ligação (não posso pagar)',
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

/** GET /api/painel `data`: one partner, one period (Brasília days, both included). */
export interface DashboardAnswer {
  partner: { id: number; nome: string };
  period: ReportPeriod;
  funnel: FunnelCount[];
  /** False while the portal records no payment confirmation: the 'paid' stage then has no number. */
  paymentsRecorded: boolean;
  agreements: DashboardAgreements[];
  queues: DashboardQueueCounts;
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
