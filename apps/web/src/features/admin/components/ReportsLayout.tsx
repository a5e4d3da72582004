import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '../../../components/form/Form';
import { QueryView } from '../../../components/ui/QueryView';

// The parts every back-office report screen has: the filter with 'Pesquisar', the filter it shows, and the results
// area that says when it is loading or failed (announced politely to screen readers).

export function ReportsFilter<Input extends FieldValues, Output>({
  label,
  busy,
  form,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output) => void;
  children: ReactNode;
}) {
  return (
    <Form form={form} onSubmit={onSubmit} className="reports-filter" aria-label={label}>
      {children}
      <button type="submit" className="btn btn--primary reports-filter__submit" disabled={busy}>
        Pesquisar
      </button>
    </Form>
  );
}

/**
 * The filter a report shows, `initial` first; 'Pesquisar' shows another, and asking again for one already read reads
 * it again (new records may have come in since).
 */
export function useReportSearch<Filter>(initial: Filter, keyOf: (filter: Filter) => QueryKey) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(initial);
  function search(asked: Filter) {
    setShown(asked);
    void queryClient.invalidateQueries({ queryKey: keyOf(asked), exact: true });
  }
  return [shown, search] as const;
}

export function ReportsResults<T>({
  query,
  failedText,
  children,
}: {
  query: UseQueryResult<T>;
  /** The text that says the report could not be read. */
  failedText: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="reports-results" aria-live="polite" aria-busy={query.isFetching}>
      <QueryView query={query} look="admin" failedText={failedText}>
        {children}
      </QueryView>
    </div>
  );
}
