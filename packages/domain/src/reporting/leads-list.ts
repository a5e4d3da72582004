import type { LeadPaymentForm } from '../forms/lead-form';
import type { ReportPeriod } from './period';

// The back office's lead list (spec 002 §2 "Admin ListLeads", §3 "Lead", §8): its columns, in the spec's order,
// shared by the screen's table and the spreadsheet; the wire shape of one lead; the error text.

/** Spec 002 §8. */
export const LEADS_LIST_FAILED = 'Ocorreu um erro ao gerar a lista de leads';

/** One lead as GET /api/leads sends it (spec 002 §3 field names); money in centavos, phones and CPF/CNPJ unmasked. */
export interface LeadListItem {
  led_codigo: number;
  led_nome: string;
  led_email: string;
  led_fone: string;
  led_celular: string;
  led_loja: string;
  led_cidade: string;
  /** Brasília wall clock, 'YYYY-MM-DD HH:MM:SS'. */
  led_data_cadastro: string;
  led_cpf_cnpj: string;
  led_obs: string;
  led_valor: number;
  led_forma_pagamento: LeadPaymentForm;
  led_valor_pode_pagar: number;
}

/** The thirteen columns of spec 002 §2, in its order. */
export const LEAD_LIST_COLUMNS: readonly { key: keyof LeadListItem; label: string }[] = [
  { key: 'led_codigo', label: 'Código' },
  { key: 'led_nome', label: 'Nome' },
  { key: 'led_email', label: 'E-mail' },
  { key: 'led_fone', label: 'Fone' },
  { key: 'led_celular', label: 'Celular' },
  { key: 'led_loja', label: 'Loja' },
  { key: 'led_cidade', label: 'Cidade' },
  { key: 'led_data_cadastro', label: 'Data do cadastro' },
  { key: 'led_cpf_cnpj', label: 'C.P.F/C.N.P.J.' },
  { key: 'led_obs', label: 'Observação' },
  { key: 'led_valor', label: 'Valor' },
  { key: 'led_forma_pagamento', label: 'Forma de pagamento' },
  { key: 'led_valor_pode_pagar', label: 'Valor que pode pagar' },
];

/** 'leads-2026-01-01-a-2026-01-31.xlsx'. */
export function leadsSheetFileName(period: ReportPeriod): string {
  return `leads-${period.from}-a-${period.to}.xlsx`;
}
