import type { StaffAccess } from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/QueryView';
import { AdminTitle, useStaffWrites } from './AdminLayout';
import { AdminPager } from './AdminPager';

/** An answer read page by page (`meta.last_page` is how many pages there are). */
interface PagedAnswer {
  meta: { last_page: number };
}

/** The page shown and its change, with the pager's accessible name (e.g. 'Páginas de acordos'). */
export interface ListPager {
  page: number;
  onPage: (page: number) => void;
  label: string;
}

/** The rows of an answer that is the list itself or holds it in `data` (a page). */
type RowOf<Data> = Data extends readonly (infer Row)[]
  ? Row
  : Data extends { data: readonly (infer Row)[] }
    ? Row
    : never;

function rowsOf<Data>(data: Data): readonly RowOf<Data>[] {
  return (Array.isArray(data) ? data : (data as { data: RowOf<Data>[] }).data) as readonly RowOf<Data>[];
}

interface AdminListPanelProps<Data, Item> {
  /** The h1's id, which names the panel. */
  titleId: string;
  title: ReactNode;
  /** A class beside 'admin-panel'. */
  className?: string;
  /** Beside the heading: 'Planilha', 'Nova loja'… */
  actions?: ReactNode;
  /** Between the heading and the list: tabs, filters, a hint. */
  controls?: ReactNode;
  query: UseQueryResult<Data>;
  /** What is read when the list could not be loaded ('Tentar novamente' follows). */
  failedText: string;
  /** The rows shown, out of the answer; by default the answer itself or its `data`. */
  rows?: (data: Data) => readonly Item[];
  /** The text when there is no row. */
  empty: ReactNode | ((data: Data) => ReactNode);
  emptyTestId?: string;
  /** How many rows are shown, said to a screen reader as it changes (a list filtered as one types). */
  announce?: (count: number) => string;
  /** The rows: a table or cards. */
  children: (rows: readonly Item[], data: Data) => ReactNode;
  /** 'Anterior' / 'Página N de M' / 'Próxima' under a list read page by page. */
  pager?: Data extends PagedAnswer ? ListPager : never;
}

/**
 * A back-office list, the same shape on every list screen: the heading (with its actions), the controls, then
 * 'Carregando…', the failure with a retry, the empty text or the rows, and the pager; busy while the first answer is
 * awaited.
 */
export function AdminListPanel<Data, Item = RowOf<Data>>({
  titleId,
  title,
  className,
  actions,
  controls,
  query,
  failedText,
  rows = rowsOf as (data: Data) => readonly Item[],
  empty,
  emptyTestId,
  announce,
  children,
  pager,
}: AdminListPanelProps<Data, Item>) {
  return (
    <section
      className={className ? `admin-panel ${className}` : 'admin-panel'}
      aria-labelledby={titleId}
      aria-busy={query.isPending}
    >
      <div className="admin-panel__head">
        <AdminTitle id={titleId}>{title}</AdminTitle>
        {actions}
      </div>
      {controls}
      <QueryView query={query} look="admin" failedText={failedText}>
        {(data) => {
          const shown = rows(data);
          return (
            <>
              {announce && (
                <p className="sr-only" role="status">
                  {announce(shown.length)}
                </p>
              )}
              {shown.length === 0 ? (
                <p className="admin-panel__empty" data-testid={emptyTestId}>
                  {typeof empty === 'function' ? empty(data) : empty}
                </p>
              ) : (
                children(shown, data)
              )}
            </>
          );
        }}
      </QueryView>
      {pager && (
        <AdminPager
          page={pager.page}
          lastPage={(query.data as PagedAnswer | undefined)?.meta.last_page ?? 1}
          label={pager.label}
          onPage={pager.onPage}
        />
      )}
    </section>
  );
}

/**
 * The link beside a list's heading to the form of a new row ('Nova loja', 'Novo usuário'…), for the roles `access`
 * names.
 */
export function NewItemLink({
  to,
  testId,
  label,
  access,
}: {
  to: string;
  testId: string;
  label: string;
  access?: StaffAccess;
}) {
  if (!useStaffWrites(access)) return null;
  return (
    <Link to={to} className="btn btn--primary" data-testid={testId}>
      {label}
    </Link>
  );
}

/** The rows as cards, one list item each. */
export function AdminCards<Item>({
  items,
  cardKey,
  testId,
  cardTestId,
  cardClassName = 'admin-card',
  children,
}: {
  items: readonly Item[];
  cardKey: (item: Item) => number;
  testId: string;
  cardTestId: string;
  cardClassName?: string;
  /** A card's content. */
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul className="admin-cards" data-testid={testId}>
      {items.map((item) => (
        <li key={cardKey(item)} className={cardClassName} data-testid={cardTestId}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
