import { useCallback, useEffect, useState } from 'react';
import { AdminApiError } from '../api/admin';
import { useAdminFailure } from './AdminLayout';

export type AdminListState<T> =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; items: T[] };

/**
 * A back-office list (partners, FAQ): loaded on opening and on `load()` (retry); 'Unauthenticated' goes to the login,
 * any other failure leaves the list 'failed' for the screen's own text. `fetchAll` must be a stable function.
 */
export function useAdminList<T>(fetchAll: () => Promise<T[]>) {
  const onFailure = useAdminFailure();
  const [state, setState] = useState<AdminListState<T>>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', items: await fetchAll() });
    } catch (error) {
      if (error instanceof AdminApiError && error.unauthenticated) await onFailure(error);
      else setState({ status: 'failed' });
    }
  }, [fetchAll, onFailure]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Keeps only the items `keep` accepts (after a delete). */
  const keepOnly = useCallback(
    (keep: (item: T) => boolean) =>
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', items: current.items.filter(keep) } : current,
      ),
    [],
  );

  return { state, load, keepOnly, onFailure };
}
