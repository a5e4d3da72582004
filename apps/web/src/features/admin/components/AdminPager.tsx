// .admin-pager is styled in admin-jobs.css, where the first paginated list put it.
import '../admin-jobs.css';

/** 'Anterior' / 'Página N de M' / 'Próxima' under a paginated back-office list; nothing when there is one page. */
export function AdminPager({
  page,
  lastPage,
  label,
  onPage,
}: {
  page: number;
  lastPage: number;
  /** The navigation's accessible name, e.g. 'Páginas de solicitações'. */
  label: string;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span>
        Página {page} de {lastPage}
      </span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        Próxima
      </button>
    </nav>
  );
}
