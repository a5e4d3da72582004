import type {
  AgreementAdminDetail,
  AgreementAdminPage,
  AgreementCancelInput,
  AgreementPaymentMethod,
  AgreementStatusName,
  PaymentsAnswer,
  UnappliedMoneyItem,
  UnappliedMoneyPage,
  UnappliedResolutionInput,
  UnappliedSituation,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminDownload, READ_ON_OPEN } from './admin';

// Agreements and payments of the admin API (docs/api.md "Agreements and payments"): the filtered list and its sheet,
// an agreement's page, its documents and its cancellation; the money received by day and its sheet; the unapplied
// money, one amount a row, and its resolution (decision 063).

/** The list's filters; '' is "any". Dates are 'YYYY-MM-DD' (Brasília days the agreements were made). */
export interface AgreementFilters {
  parceiro: string;
  loja: string;
  status: AgreementStatusName | '';
  forma_pagamento: AgreementPaymentMethod | '';
  cpf_cnpj: string;
  data_inicial: string;
  data_final: string;
}

export interface PaymentFilters {
  parceiro: string;
  loja: string;
  data_inicial: string;
  data_final: string;
}

const queryOf = (filters: object, page?: number) => {
  const query = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value !== '') as [string, string][],
  );
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
};

/** Every agreement query (lists and pages); a cancellation invalidates them all. */
export const agreementsKey = [ADMIN_KEY, 'agreements'] as const;

export const useAgreements = (filters: AgreementFilters, page: number) =>
  useQuery({
    queryKey: [...agreementsKey, 'list', filters, page],
    queryFn: () => adminCall<AgreementAdminPage>('GET', `/api/gestao/acordos?${queryOf(filters, page)}`),
    ...READ_ON_OPEN,
  });

export const useAgreementsSheet = () =>
  useMutation({
    mutationFn: (filters: AgreementFilters) =>
      adminDownload(`/api/gestao/acordos/planilha?${queryOf(filters)}`, 'acordos.xlsx'),
  });

export const useAgreement = (id: number) =>
  useQuery({
    queryKey: [...agreementsKey, 'page', id],
    queryFn: async () =>
      (await adminCall<{ data: AgreementAdminDetail }>('GET', `/api/gestao/acordos/${id}`)).data,
    ...READ_ON_OPEN,
  });

/** Saves one of the agreement's documents (the path the page was given) as `fileName`. */
export const downloadAgreementDocument = (path: string, fileName: string) =>
  adminDownload(`${path}${path.includes('?') ? '&' : '?'}download=1`, fileName);

export function useCancelAgreement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgreementCancelInput) =>
      adminCall<{ message: string; data: AgreementAdminDetail }>(
        'POST',
        `/api/gestao/acordos/${id}/cancelar`,
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementsKey }),
  });
}

export const usePayments = (filters: PaymentFilters) =>
  useQuery({
    queryKey: [ADMIN_KEY, 'payments', filters],
    queryFn: () => adminCall<PaymentsAnswer>('GET', `/api/gestao/pagamentos?${queryOf(filters)}`),
    ...READ_ON_OPEN,
  });

export const usePaymentsSheet = () =>
  useMutation({
    mutationFn: (filters: PaymentFilters) =>
      adminDownload(`/api/gestao/pagamentos/planilha?${queryOf(filters)}`, 'pagamentos.xlsx'),
  });

export interface UnappliedMoneyFilters extends PaymentFilters {
  situacao: UnappliedSituation | '';
}

const unappliedKey = [ADMIN_KEY, 'unapplied'] as const;

export const useUnappliedMoney = (filters: UnappliedMoneyFilters, page: number) =>
  useQuery({
    queryKey: [...unappliedKey, filters, page],
    queryFn: () =>
      adminCall<UnappliedMoneyPage>('GET', `/api/gestao/nao-aplicados?${queryOf(filters, page)}`),
    ...READ_ON_OPEN,
  });

/** An agreement instalment's amount and a second copy's are resolved by their own routes (their ids differ). */
export function useResolveUnappliedMoney(item: Pick<UnappliedMoneyItem, 'id' | 'origem'>) {
  const queryClient = useQueryClient();
  const path = item.origem === 'segunda_via' ? 'nao-aplicados/segundas-vias' : 'nao-aplicados';
  return useMutation({
    mutationFn: (input: UnappliedResolutionInput) =>
      adminCall<{ message: string; data: UnappliedMoneyItem }>(
        'POST',
        `/api/gestao/${path}/${item.id}/resolucao`,
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unappliedKey }),
  });
}
