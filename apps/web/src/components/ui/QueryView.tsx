import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const CLASSES = {
  debtor: { loading: 'boot', problem: 'debts-message', button: 'btn btn--primary' },
  admin: { loading: 'admin-main__loading', problem: 'admin-panel__problem', button: 'btn btn--ghost' },
} as const;

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** What the person reads when the data could not be loaded (a 'Tentar novamente' button follows). */
  failedText: string;
  /** The area's look: the debtor pages or the back office. */
  look?: keyof typeof CLASSES;
  children: (data: T) => ReactNode;
}

/** A query's three states, the same on every screen: loading text, failure with a retry, then the data. */
export function QueryView<T>({ query, failedText, look = 'debtor', children }: QueryViewProps<T>) {
  const classes = CLASSES[look];
  if (query.isSuccess) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className={classes.problem} role="alert">
        <p>{failedText}</p>
        <button type="button" className={classes.button} onClick={() => void query.refetch()}>
          {query.isFetching ? 'Carregando…' : 'Tentar novamente'}
        </button>
      </div>
    );
  }
  return (
    <p className={classes.loading} role="status">
      Carregando…
    </p>
  );
}
