import type {
  CompanyOption,
  PartnerConfig,
  PartnerForm,
  PartnerListFilter,
  PartnerListItem,
  PartnerListPage,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminPortalCall, READ_ON_OPEN } from './admin';

// The partner calls of the admin API (spec 002 §7, docs/api.md "Partners"): the paginated list, the staff view of
// one partner by its numeric id, create, update and archive (the spec's delete, decision 014).

/** The editable configuration of GET /api/parceiro/{id}/info: PartnerConfig plus `ativo` and `arquivado_em`. */
export type PartnerDetails = PartnerConfig & {
  ativo?: boolean;
  arquivado_em?: string | null;
  versao?: number;
};

const listPage = (situacao: PartnerListFilter, page: number) =>
  adminCall<PartnerListPage>('GET', `/api/parceiro?page=${page}&situacao=${situacao}`);

/** Spec 002 §4: page 1, its last_page, then every other page, concatenated; the active partners unless asked. */
export async function listAllPartners(situacao: PartnerListFilter = 'ativos'): Promise<PartnerListItem[]> {
  const first = await listPage(situacao, 1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => listPage(situacao, i + 2)),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

export const getPartner = async (id: number) =>
  (await adminCall<{ data: PartnerDetails }>('GET', `/api/parceiro/${id}/info`)).data;

/** getEmpresas (spec 002 §7, a=portal): the companies the form's emp_codigo is chosen from. */
export const listCompanies = async () =>
  (await adminPortalCall<{ empresas: CompanyOption[] }>('getEmpresas')).empresas;

export const createPartner = (form: PartnerForm) =>
  adminCall<{ message: string; data: PartnerDetails }>('POST', '/api/parceiro', form);

export const updatePartner = (id: number, form: PartnerForm) =>
  adminCall<{ message: string; data: PartnerDetails }>('PUT', `/api/parceiro/${id}`, form);

/** DELETE /api/parceiro/{id}: the partner is switched off and archived, its records stay (decision 014). */
export const archivePartner = (id: number) => adminCall<{ message: string }>('DELETE', `/api/parceiro/${id}`);

/** A partner's name in a back-office filter, on a record it owns (an FAQ entry) or on a store it serves, marked when archived. */
export const partnerOptionLabel = (item: Pick<PartnerListItem, 'nome' | 'arquivado_em'>) =>
  item.arquivado_em ? `${item.nome} (arquivado)` : item.nome;

/**
 * The partners new data may go to (a portfolio, an FAQ entry, a store's link): not an archived one, whose portal is
 * off (decision 014; the server refuses it too), unless it is among `chosen` (what the record already names).
 */
export const partnerTargets = (items: readonly PartnerListItem[], chosen: readonly string[] = []) =>
  items.filter((item) => !item.arquivado_em || chosen.includes(String(item.id)));

/** Spec 002 §2: partner 1 has no delete button (the server refuses it too). */
export const isProtectedPartner = (id: number) => id === 1;

/** Spec 002 §2: search by name, case-insensitive (accents count as typed); cards sorted by name. */
export function filterPartners(items: readonly PartnerListItem[], search: string): PartnerListItem[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  return items
    .filter((item) => item.nome.toLocaleLowerCase('pt-BR').includes(needle))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR', { sensitivity: 'base' }) || a.id - b.id);
}

/** The query keys of the partner data: a partner write invalidates `all` (lists, filters, one partner, the companies). */
export const partnerKeys = {
  all: [ADMIN_KEY, 'partners'] as const,
  list: (situacao: PartnerListFilter) => [ADMIN_KEY, 'partners', 'list', situacao] as const,
  detail: (id: number) => [ADMIN_KEY, 'partners', 'detail', id] as const,
  companies: [ADMIN_KEY, 'partners', 'companies'] as const,
};

/** The partners of one situation (ListPartners), or all of them (`todos`, the back-office filters). */
export const usePartnerList = (situacao: PartnerListFilter) =>
  useQuery({
    queryKey: partnerKeys.list(situacao),
    queryFn: () => listAllPartners(situacao),
    ...READ_ON_OPEN,
  });

/** getEmpresas for the partner form. */
export const useCompanies = () => useQuery({ queryKey: partnerKeys.companies, queryFn: listCompanies });

/** One partner's editable configuration; waits while `enabled` is false (the form loads the companies first). */
export const usePartner = (id: number, enabled: boolean) =>
  useQuery({ queryKey: partnerKeys.detail(id), queryFn: () => getPartner(id), enabled });

/**
 * Every partner, archived ones too, for the back-office filters: an archived partner's requests, applications and
 * figures stay reachable (decision 014).
 */
export const useEveryPartner = () => usePartnerList('todos');

/** Creates (no id) or updates a partner, then drops every cached partner list and partner. */
export function useSavePartner(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PartnerForm) => (id === null ? createPartner(form) : updatePartner(id, form)),
    onSuccess: ({ data: saved }) => {
      // The saved partner (its new version, decision 090) is what the form opens with next, not the one it replaced.
      queryClient.setQueryData(partnerKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
