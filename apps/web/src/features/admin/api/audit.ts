import type { AuditItem } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminDownload, READ_ON_OPEN } from './admin';

// The audit trail (docs/api.md "Audit"; administrators only): one page of rows by the filters, and the same rows as
// a spreadsheet.

export interface AuditFilters {
  usuario: string;
  entidade: string;
  data_inicial: string;
  data_final: string;
}

export interface AuditPage {
  data: AuditItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

const queryOf = (filters: AuditFilters, page?: number) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
};

export const useAuditPage = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: [ADMIN_KEY, 'audit', filters, page],
    queryFn: () => adminCall<AuditPage>('GET', `/api/auditoria?${queryOf(filters, page)}`),
    ...READ_ON_OPEN,
  });

export const useAuditSheet = () =>
  useMutation({
    mutationFn: (filters: AuditFilters) =>
      adminDownload(`/api/auditoria/planilha?${queryOf(filters)}`, 'auditoria.xlsx'),
  });
