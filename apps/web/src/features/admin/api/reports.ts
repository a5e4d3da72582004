import {
  type DashboardAnswer,
  type LeadListItem,
  leadsSheetFileName,
  type ReportPeriod,
} from '@portal/domain';
import { adminCall, adminDownload } from './admin';

// The report calls of the admin API (docs/api.md "Reports"): ListLeads and its spreadsheet, the dashboard.

const periodQuery = (period: ReportPeriod) =>
  new URLSearchParams({ data_inicial: period.from, data_final: period.to });

/** Spec 002 §7 "Leads list": reads `dados.leads` and the spreadsheet link `dados.planilha`. */
export async function listLeads(period: ReportPeriod): Promise<{ leads: LeadListItem[]; planilha: string }> {
  return (
    await adminCall<{ data: { leads: LeadListItem[]; planilha: string } }>(
      'GET',
      `/api/leads?${periodQuery(period)}`,
    )
  ).data;
}

/** Saves the XLSX of the list at `planilha` (the link GET /api/leads gave for `period`). */
export const downloadLeadsSheet = (planilha: string, period: ReportPeriod) =>
  adminDownload(planilha, leadsSheetFileName(period));

export async function getDashboard(partnerId: number, period: ReportPeriod): Promise<DashboardAnswer> {
  const query = periodQuery(period);
  query.set('parceiro', String(partnerId));
  return (await adminCall<{ data: DashboardAnswer }>('GET', `/api/painel?${query}`)).data;
}
