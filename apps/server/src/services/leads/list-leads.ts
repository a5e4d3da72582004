import {
  brasiliaTimestamp,
  type LeadListItem,
  type ReportPeriod,
  reportPeriodInstants,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { type LeadRow, listLeadsCreatedBetween } from '../../repositories/lead-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/**
 * ListLeads (spec 002 §2, §3 "Lead"): every lead of the scope's partners created on the period's Brasília days, oldest first, with the
 * spec's field names; money in centavos, CPF/CNPJ and phones unmasked (the screen and the spreadsheet format them).
 */
export async function listLeads(db: Db, scope: StaffScope, period: ReportPeriod): Promise<LeadListItem[]> {
  return (await listLeadsCreatedBetween(db, scope, reportPeriodInstants(period))).map(toListItem);
}

function toListItem(row: LeadRow): LeadListItem {
  return {
    led_codigo: row.id,
    led_nome: row.name,
    led_email: row.email,
    led_fone: row.phone,
    led_celular: row.mobile,
    led_loja: row.store,
    led_cidade: row.city,
    led_data_cadastro: brasiliaTimestamp(row.createdAt),
    led_cpf_cnpj: row.cpfCnpj,
    led_obs: row.notes,
    led_valor: row.amountCents,
    led_forma_pagamento: row.paymentForm as LeadListItem['led_forma_pagamento'],
    led_valor_pode_pagar: row.affordableCents,
  };
}
