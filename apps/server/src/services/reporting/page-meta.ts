import type { PageMeta } from '@portal/domain';

/** The `meta` of a back-office list's page (as GET /api/parceiro has it): this page, the last one, the page size, how many. */
export const pageMeta = (page: number, perPage: number, total: number): PageMeta => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});
