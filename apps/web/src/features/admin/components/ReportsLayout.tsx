import type { FormEvent, ReactNode } from 'react';

// The two parts every back-office report screen has: the filter with 'Pesquisar', and the results area that says
// when it is loading or failed (announced politely to screen readers).

export function ReportsFilter({
  label,
  busy,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className="reports-filter" onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <button type="submit" className="btn btn--primary reports-filter__submit" disabled={busy}>
        Pesquisar
      </button>
    </form>
  );
}

export function ReportsResults({
  loading,
  failure,
  children,
}: {
  loading: boolean;
  /** The text that says the report could not be read, or null. */
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <div className="reports-results" aria-live="polite" aria-busy={loading}>
      {loading && (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
      {failure && (
        <p className="admin-panel__problem" role="alert">
          {failure}
        </p>
      )}
      {children}
    </div>
  );
}
