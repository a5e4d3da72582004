import {
  AGREEMENT_PAYMENT_METHOD_LABELS,
  AGREEMENT_STATUS_LABELS,
  type AgreementAdminItem,
  PAYMENTS_COLUMN_LABELS,
  PAYMENTS_COLUMNS,
  PAYMENTS_NET_TOTAL_LABEL,
  type PaymentsAnswer,
  type PaymentsDay,
  shownCents,
} from '@portal/domain';
import {
  buildSheet,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  dayCell,
  MONEY_FORMAT,
  type SheetColumn,
} from '../reporting/build-sheet';

// The spreadsheets of the back office's agreements and payments lists (issue 18 item 3): the columns of the screens,
// money as numbers in R$, dates as dates.

const reais = (cents: number) => cents / 100;

const AGREEMENT_COLUMNS: SheetColumn<AgreementAdminItem>[] = [
  { header: 'Código', width: 10, value: (a) => a.aco_codigo },
  {
    header: 'Data do acordo',
    width: 18,
    // The Brasília wall clock, as people there read it (Excel dates have no time zone).
    value: (a) => new Date(`${a.data_acordo.replace(' ', 'T')}Z`),
    format: DATE_TIME_FORMAT,
  },
  { header: 'Parceiro', width: 24, value: (a) => a.parceiro.nome },
  { header: 'Loja', width: 24, value: (a) => a.loja.nome },
  { header: 'Devedor', width: 32, value: (a) => a.devedor.nome },
  { header: 'C.P.F/C.N.P.J.', width: 21, value: (a) => a.devedor.cpf_cnpj },
  {
    header: 'Forma de pagamento',
    width: 20,
    value: (a) => AGREEMENT_PAYMENT_METHOD_LABELS[a.forma_pagamento],
  },
  { header: 'Parcelas', width: 10, value: (a) => a.quantidade_parcelas },
  { header: 'Entrada', width: 16, value: (a) => reais(a.valor_entrada), format: MONEY_FORMAT },
  { header: 'Valor negociado', width: 18, value: (a) => reais(a.valor_negociado), format: MONEY_FORMAT },
  { header: 'Valor pago', width: 16, value: (a) => reais(a.valor_pago), format: MONEY_FORMAT },
  { header: 'Status', width: 12, value: (a) => AGREEMENT_STATUS_LABELS[a.status] },
];

/** acordos.xlsx: the filtered agreements, in the list's order. */
export function buildAgreementsSheet(items: readonly AgreementAdminItem[]): Promise<Buffer> {
  return buildSheet('Acordos', AGREEMENT_COLUMNS, items);
}

const PAYMENT_COLUMNS: SheetColumn<PaymentsDay>[] = [
  { header: 'Dia', width: 12, value: (d) => dayCell(d.dia), format: DATE_FORMAT },
  ...PAYMENTS_COLUMNS.map(
    (column): SheetColumn<PaymentsDay> => ({
      header: PAYMENTS_COLUMN_LABELS[column],
      width: 16,
      value: (d) => reais(shownCents(d, column)),
      format: MONEY_FORMAT,
    }),
  ),
  { header: PAYMENTS_NET_TOTAL_LABEL, width: 18, value: (d) => reais(d.total), format: MONEY_FORMAT },
];

/**
 * pagamentos.xlsx: the money received by day and column, the reversals negative (a row adds up to its net total),
 * then the totals line.
 */
export function buildPaymentsSheet(answer: PaymentsAnswer): Promise<Buffer> {
  const totals = answer.totais;
  return buildSheet('Pagamentos', PAYMENT_COLUMNS, answer.data, [
    'Total',
    ...PAYMENTS_COLUMNS.map((column) => reais(shownCents(totals, column))),
    reais(totals.total),
  ]);
}
