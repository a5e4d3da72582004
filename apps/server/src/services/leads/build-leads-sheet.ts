import {
  LEAD_LIST_COLUMNS,
  LEAD_PAYMENT_FORMS,
  type LeadListItem,
  maskCpfCnpj,
  maskPhone,
} from '@portal/domain';
import { buildSheet, type CellValue, DATE_TIME_FORMAT, MONEY_FORMAT } from '../reporting/build-sheet';

// The 'Planilha' of ListLeads (spec 002 §2): the thirteen columns in the spec's order, typed cells (money as
// numbers in R$, the creation time as a date), CPF/CNPJ and phones formatted, a bold frozen header with a filter.

// Per column: the width in characters, how a lead's value becomes the cell's, and the number format.
const CELLS: Record<
  keyof LeadListItem,
  { width: number; value: (lead: LeadListItem) => CellValue; format?: string }
> = {
  led_codigo: { width: 10, value: (l) => l.led_codigo },
  led_nome: { width: 32, value: (l) => l.led_nome },
  led_email: { width: 32, value: (l) => l.led_email },
  led_fone: { width: 16, value: (l) => (l.led_fone ? maskPhone(l.led_fone) : '') },
  led_celular: { width: 17, value: (l) => maskPhone(l.led_celular) },
  led_loja: { width: 24, value: (l) => l.led_loja },
  led_cidade: { width: 20, value: (l) => l.led_cidade },
  // Excel dates have no time zone: the cell holds the Brasília wall clock, as people there read it.
  led_data_cadastro: {
    width: 18,
    value: (l) => new Date(`${l.led_data_cadastro.replace(' ', 'T')}Z`),
    format: DATE_TIME_FORMAT,
  },
  led_cpf_cnpj: { width: 21, value: (l) => maskCpfCnpj(l.led_cpf_cnpj) },
  led_obs: { width: 40, value: (l) => l.led_obs },
  led_valor: { width: 16, value: (l) => l.led_valor / 100, format: MONEY_FORMAT },
  led_forma_pagamento: { width: 20, value: (l) => LEAD_PAYMENT_FORMS[l.led_forma_pagamento] },
  led_valor_pode_pagar: { width: 20, value: (l) => l.led_valor_pode_pagar / 100, format: MONEY_FORMAT },
};

const COLUMNS = LEAD_LIST_COLUMNS.map((column) => ({ header: column.label, ...CELLS[column.key] }));

/** The XLSX file of `leads`, one row each, in the given order. */
export function buildLeadsSheet(leads: readonly LeadListItem[]): Promise<Buffer> {
  return buildSheet('Leads', COLUMNS, leads);
}
