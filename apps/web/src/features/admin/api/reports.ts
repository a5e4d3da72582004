import {
  type DashboardAnswer,
  type DashboardFilter,
  type LeadListItem,
  leadsSheetFileName,
  type ReportPeriod,
} from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminDownload, READ_ON_OPEN } from './admin';

// The report calls of the admin API (docs/api.md "Reports"): ListLeads and its spreadsheet, the dashboard.

const periodQuery = (period: ReportPeriod) =>
  new URLSearchParams({ data_inicial: period.from, data_final: period.to });

export const leadsKey = (period: ReportPeriod) => [ADMIN_KEY, 'leads', period] as const;

/** Spec 002 §7 "Leads list": reads `dados.leads` and the spreadsheet link `dados.planilha`. */
export const useLeads = (period: ReportPeriod) =>
  useQuery({ queryKey: leadsKey(period), queryFn: () => listLeads(period), ...READ_ON_OPEN });

async function listLeads(period: ReportPeriod): Promise<{ leads: LeadListItem[]; planilha: string }> {
  return (
    await adminCall<{ data: { leads: LeadListItem[]; planilha: string } }>(
      'GET',
      `/api/leads?${periodQuery(period)}`,
    )
  ).data;
}

/** Saves the XLSX of the list at `planilha` (the link GET /api/leads gave for `period`). */
export const useLeadsSheet = () =>
  useMutation({
    mutationFn: ({ planilha, period }: { planilha: string; period: ReportPeriod }) =>
      adminDownload(planilha, leadsSheetFileName(period)),
  });

export const dashboardKey = (filter: DashboardFilter | null) => [ADMIN_KEY, 'dashboard', filter] as const;

/** The dashboard of `filter`; waits while there is none yet (the partners are loading). */
export const useDashboard = (filter: DashboardFilter | null) =>
  useQuery({
    queryKey: dashboardKey(filter),
    queryFn: async () => {
      const query = periodQuery(filter!.period);
      query.set('parceiro', String(filter!.partnerId));
      return (await adminCall<{ data: DashboardAnswer }>('GET', `/api/painel?${query}`)).data;
    },
    enabled: filter !== null,
    ...READ_ON_OPEN,
  });
