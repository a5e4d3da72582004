import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';

const CLASSES = {
  debtor: { loading: 'boot', problem: 'debts-message', button: 'btn btn--primary' },
  /** A page of cards (Meus dados). */
  card: { loading: 'boot', problem: 'my-data__card', button: 'btn btn--primary' },
  /** A panel inside a debtor page (a debt card's panel): a quieter retry. */
  panel: { loading: 'boot', problem: 'second-copy__failure', button: 'btn btn--ghost' },
  admin: { loading: 'admin-main__loading', problem: 'admin-panel__problem', button: 'btn btn--ghost' },
} as const;

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** What the person reads when the data could not be loaded (a 'Tentar novamente' button follows). */
  failedText: string | ((error: unknown) => string);
  /** The area's look: the debtor pages, a page of cards, a panel inside a debtor page, or the back office. */
  look?: keyof typeof CLASSES;
  /** Shown while the first answer is awaited; 'Carregando…' by default. */
  loading?: ReactNode;
  /** data-testid of the failure block. */
  failedTestId?: string;
  children: (data: T) => ReactNode;
}

/**
 * A refusal the server explained (a 4xx with its message, or a 400's messages of the filters it refused: a period
 * the wrong way round), which the person reads instead of the screen's text for a failure; asking again cannot
 * change a 400, 403 or 404.
 */
function explainedRefusal(error: unknown): { text: string; final: boolean } | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  const fields = Object.values(error.fieldErrors);
  const text = fields.length > 0 ? fields.join(' ') : error.envelope?.mensagem;
  return text ? { text, final: [400, 403, 404].includes(error.status) } : null;
}

/** What the person reads under data that a later read (a poll, a refresh after a change) could not bring up to date. */
export const STALE_TEXT =
  'Não foi possível atualizar estas informações agora. Você está vendo as últimas que carregamos.';

/**
 * A query's three states, the same on every screen: loading text, failure with a retry, then the data. A failed
 * read again keeps the data TanStack still holds on screen, with a quiet line after it (a list polled while a PIX
 * is open must not turn into an error page under the person's modal); the failure screen is for a first read.
 */
export function QueryView<T>({
  query,
  failedText,
  look = 'debtor',
  loading,
  failedTestId,
  children,
}: QueryViewProps<T>) {
  const classes = CLASSES[look];
  if (query.isSuccess || query.isRefetchError)
    return (
      <>
        {children(query.data)}
        {/* After the data, not above it: a line arriving above would push what the person is about to tap. */}
        {query.isRefetchError && (
          <p className="query-stale" role="status" data-testid="query-stale">
            {STALE_TEXT}
          </p>
        )}
      </>
    );
  if (query.isError) {
    const refusal = explainedRefusal(query.error);
    const text = typeof failedText === 'string' ? (refusal?.text ?? failedText) : failedText(query.error);
    return (
      <div className={classes.problem} role="alert" data-testid={failedTestId}>
        <p>{text}</p>
        {!refusal?.final && (
          <button type="button" className={classes.button} onClick={() => void query.refetch()}>
            {query.isFetching ? 'Carregando…' : 'Tentar novamente'}
          </button>
        )}
      </div>
    );
  }
  return (
    loading ?? (
      <p className={classes.loading} role="status">
        Carregando…
      </p>
    )
  );
}
