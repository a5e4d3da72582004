import { z } from 'zod';
import type { AgreementPaymentMethod } from '../reporting/dashboard';
import type { InstalmentStatus } from './agreement-instalments';
import type { UnappliedMoneyReason } from './unapplied-money';

// The back office's agreements and payments (issue 18 item 3; decision 029): statuses and their labels, the cancel
// form's rule, and how money received is told apart by method and summed by day.

export const AGREEMENT_STATUS_NAMES = ['active', 'settled', 'cancelled'] as const;
export type AgreementStatusName = (typeof AGREEMENT_STATUS_NAMES)[number];

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatusName, string> = {
  active: 'Ativo',
  settled: 'Quitado',
  cancelled: 'Cancelado',
};

/**
 * Decisions 047 and 075: a paid card's money given back by the gateway (all of it, or a part while the charge stays
 * paid), and how staff read it.
 */
export type CardReversalKind = 'refunded' | 'chargedback' | 'partially_refunded';
export const CARD_REVERSAL_LABELS: Record<CardReversalKind, string> = {
  refunded: 'Pagamento estornado pela operadora',
  chargedback: 'Compra contestada pelo titular do cartão (chargeback)',
  partially_refunded: 'Parte do pagamento estornada pela operadora',
};

export const AGREEMENT_PAYMENT_METHODS = [
  'boleto',
  'pix',
  'cartao',
] as const satisfies readonly AgreementPaymentMethod[];

/** Issue 18 item 3: the longest cancellation reason staff may write, and the shortest that says anything. */
export const AGREEMENT_CANCEL_REASON_MAX = 500;
export const AGREEMENT_CANCEL_REASON_MIN = 5;

export const AGREEMENT_ADMIN_MESSAGES = {
  reasonRequired: 'Informe o motivo do cancelamento.',
  reasonTooShort: `Descreva o motivo do cancelamento com pelo menos ${AGREEMENT_CANCEL_REASON_MIN} caracteres.`,
  reasonTooLong: `O motivo deve ter no máximo ${AGREEMENT_CANCEL_REASON_MAX} caracteres.`,
  cancelled: 'Acordo cancelado com sucesso!',
  alreadyCancelled: 'Este acordo já estava cancelado.',
  settled: 'Um acordo quitado não pode ser cancelado.',
  cardPending:
    'O pagamento com cartão deste acordo ainda aguarda a resposta da operadora. Tente cancelar depois que ela responder.',
  empty: 'Nenhum acordo encontrado.',
  paymentsEmpty: 'Nenhum pagamento recebido no período.',
} as const;

/** Issue 18 item 3 "cancel with a reason": the reason is required, trimmed, and bounded (the audit keeps it). */
export const agreementCancelSchema = z.object({
  motivo: z
    .string({ message: AGREEMENT_ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, AGREEMENT_ADMIN_MESSAGES.reasonRequired)
    .min(AGREEMENT_CANCEL_REASON_MIN, AGREEMENT_ADMIN_MESSAGES.reasonTooShort)
    .max(AGREEMENT_CANCEL_REASON_MAX, AGREEMENT_ADMIN_MESSAGES.reasonTooLong),
});
export type AgreementCancelInput = z.input<typeof agreementCancelSchema>;

/** The cause a staff cancellation is recorded with (decision 022: every status change names who says so). */
export const staffCause = (staffUserId: number) => `staff:${staffUserId}`;

/** What a payment event says of an instalment (payment_events.tipo), as the agreement page names it. */
export const PAYMENT_EVENT_LABELS = {
  paid: 'Pago',
  settled: 'Pago com cartão',
  charge_cancelled: 'Cobrança cancelada',
  overdue: 'Vencida',
  unapplied: 'Recebido sem baixa (não aplicado)',
} as const;
export type PaymentEventName = keyof typeof PAYMENT_EVENT_LABELS;

/** Issue 18 item 3 "money received by method": the channels the payments list sums apart. */
export const RECEIVED_PAYMENT_METHODS = ['pix', 'boleto', 'card', 'second_copy'] as const;

/**
 * The payments list's money columns (decision 053): money that paid what it was meant to, by method; money received
 * that paid no instalment (`unapplied`, decision 049: received all the same, for staff to refund or apply); a paid
 * card's money given back (`reversed`, decision 047), leaving on the day the portal heard of it.
 */
export const PAYMENTS_COLUMNS = [...RECEIVED_PAYMENT_METHODS, 'unapplied', 'reversed'] as const;
export type PaymentsColumn = (typeof PAYMENTS_COLUMNS)[number];
/** Money that arrived: every column but the reversals. */
export type ReceivedColumn = Exclude<PaymentsColumn, 'reversed'>;

export const PAYMENTS_COLUMN_LABELS: Record<PaymentsColumn, string> = {
  pix: 'PIX',
  boleto: 'Boleto',
  card: 'Cartão',
  second_copy: '2ª via',
  unapplied: 'Não aplicado',
  reversed: 'Estornos',
};
/** The day's money received less the reversals. */
export const PAYMENTS_NET_TOTAL_LABEL = 'Total líquido';

/**
 * Money received: an agreement instalment's payment event (paid, settled by card, unapplied) or a second copy's
 * (paid; unapplied, the part beyond the copy's value, decision 061).
 */
export interface ReceivedMoney {
  source: 'instalment' | 'second_copy';
  kind: 'paid' | 'settled' | 'unapplied';
  /** The event's cause: `pix:{endToEndId}` (a PSP), `cnab:{file}:{line}` (a bank's retorno), `card:...`, other. */
  cause: string;
  /** The agreement's payment method, for a payment whose cause names no channel (seeded, recorded by hand). */
  agreementMethod: AgreementPaymentMethod | null;
}

/**
 * Where money received goes on the payments list (issue 18 item 3; decision 053): money that paid nothing (an
 * instalment's unapplied money, a second copy's beyond its value, decision 061) is apart, whatever brought it; a
 * second copy's payment is a second copy's whatever paid it; a card settlement is the card; otherwise the cause says
 * PIX or boleto (decisions 020, 021); a cause that names no channel counts under the agreement's payment method.
 */
export function receivedMoneyColumn(money: ReceivedMoney): ReceivedColumn {
  if (money.kind === 'unapplied') return 'unapplied';
  if (money.source === 'second_copy') return 'second_copy';
  if (money.kind === 'settled') return 'card';
  if (money.cause.startsWith('pix:')) return 'pix';
  if (money.cause.startsWith('cnab:')) return 'boleto';
  return money.agreementMethod === 'cartao' ? 'card' : (money.agreementMethod ?? 'boleto');
}

/** Centavos by column, each positive (the reversals too), and `total`: received less reversed. */
export type PaymentsTotals = Record<PaymentsColumn, number> & { total: number };

/** A column's money as the list and its spreadsheet show it: the reversals, money leaving, negative. */
export const shownCents = (totals: PaymentsTotals, column: PaymentsColumn): number =>
  column === 'reversed' ? -totals.reversed : totals[column];

/** One day of the payments list: centavos received by column, reversed, and the day's net. */
export interface PaymentsDay extends PaymentsTotals {
  dia: string;
}

const noMoney = (): PaymentsTotals => ({
  pix: 0,
  boleto: 0,
  card: 0,
  second_copy: 0,
  unapplied: 0,
  reversed: 0,
  total: 0,
});

/**
 * Issue 18 item 3 "by day ... and totals": the days with money received or reversed, newest first, and the sums of
 * the whole list; a reversal takes its money off the total.
 */
export function paymentsByDay(
  rows: readonly { day: string; column: PaymentsColumn; amountCents: number }[],
): { days: PaymentsDay[]; totals: PaymentsTotals } {
  const days = new Map<string, PaymentsDay>();
  const totals = noMoney();
  for (const row of rows) {
    const day = days.get(row.day) ?? { dia: row.day, ...noMoney() };
    const net = row.column === 'reversed' ? -row.amountCents : row.amountCents;
    day[row.column] += row.amountCents;
    day.total += net;
    totals[row.column] += row.amountCents;
    totals.total += net;
    days.set(row.day, day);
  }
  return { days: [...days.values()].sort((a, b) => b.dia.localeCompare(a.dia)), totals };
}

/** A store a list may be filtered by, with the partners it serves (the store select follows the partner's). */
export interface StoreOption {
  id: number;
  nome: string;
  parceiros: number[];
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** GET /api/gestao/acordos: one agreement as the list shows it (docs/api.md "Agreements and payments"). */
export interface AgreementAdminItem {
  aco_codigo: number;
  /** Brasília wall clock 'YYYY-MM-DD HH:MM:SS'. */
  data_acordo: string;
  parceiro: { id: number; nome: string };
  loja: { id: number; nome: string };
  devedor: { nome: string; cpf_cnpj: string };
  forma_pagamento: AgreementPaymentMethod;
  /** Instalments after the entry. */
  quantidade_parcelas: number;
  valor_negociado: number;
  valor_entrada: number;
  /** Paid so far (payment events paid or settled), centavos. */
  valor_pago: number;
  status: AgreementStatusName;
}

export interface AgreementAdminPage {
  data: AgreementAdminItem[];
  meta: PageMeta;
  lojas: StoreOption[];
}

/**
 * GET /api/gestao/acordos/{id}: what the agreement's page shows, nothing more (the contact the debtor confirmed with
 * the agreement is not on it, so it is not sent).
 */
export interface AgreementAdminDetail extends AgreementAdminItem {
  contratos: string[];
  parcelas: {
    aci_codigo: number;
    parcela: string;
    vencimento: string;
    valor: number;
    status: InstalmentStatus;
    /** The staff link to this instalment's boleto, while it is issued and open. */
    boleto: string | null;
  }[];
  documentos: { termo: string; quitacao: string | null; boletos_em_aberto: string | null };
  eventos: {
    id: number;
    parcela: string;
    tipo: PaymentEventName;
    valor: number | null;
    data: string;
    causa: string;
    /**
     * Why an `unapplied` event paid nothing (decision 064); null for other events and for one recorded before events
     * said why (read with unappliedMoneyReasonLabel).
     */
    motivo: UnappliedMoneyReason | null;
  }[];
  segundas_vias: {
    id: number;
    contrato: string;
    vencimento: string;
    valor: number;
    data: string;
    causa: string;
    /** The part of `valor` that paid nothing (decisions 049, 061; on the unapplied money list too), centavos. */
    nao_aplicado: number;
    /** Why that part paid nothing (read with unappliedMoneyReasonLabel); null when it is 0. */
    motivo: UnappliedMoneyReason | null;
  }[];
  cartao: {
    bandeira: string;
    final: string;
    valor: number;
    parcelas: number;
    estado: string | null;
    em: string;
    /**
     * Decisions 047, 056 and 075: the paid card's money given back (refunds, in part or whole; a chargeback), each
     * with what it gave back and when the gateway did, oldest first.
     */
    estornos: { tipo: CardReversalKind; valor: number; em: string }[];
  } | null;
  historico: {
    de: AgreementStatusName;
    para: AgreementStatusName;
    causa: string;
    motivo: string | null;
    em: string;
  }[];
}

/** GET /api/gestao/pagamentos. */
export interface PaymentsAnswer {
  data: PaymentsDay[];
  totais: PaymentsTotals;
  lojas: StoreOption[];
}
