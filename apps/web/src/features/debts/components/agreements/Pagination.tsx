import type { MovimentoPagina, Paginacao } from '../../api/types';
import { pageMoves, pageText } from '../../lib/agreements';

const MOVES: { move: MovimentoPagina; label: string }[] = [
  { move: 'PRI', label: 'Primeira' },
  { move: 'ANT', label: 'Anterior' },
  { move: 'PRO', label: 'Próxima' },
  { move: 'ULT', label: 'Última' },
];

/** Spec 001 §2 agreement pagination: first, previous, next and last, and 'Página X de Y'. */
export function Pagination({
  paginacao,
  busy,
  onMove,
}: {
  paginacao: Paginacao;
  /** A page is on its way: no other move until it arrives. */
  busy: boolean;
  onMove: (move: MovimentoPagina) => void;
}) {
  const allowed = pageMoves(paginacao);
  return (
    <nav className="pagination" aria-label="Páginas dos acordos" data-testid="agreements-pagination">
      <p className="pagination__text" aria-live="polite" data-testid="agreements-page">
        {pageText(paginacao)}
      </p>
      <div className="pagination__buttons">
        {MOVES.map(({ move, label }) => (
          <button
            key={move}
            type="button"
            className="btn btn--ghost btn--small"
            disabled={busy || !allowed[move]}
            onClick={() => onMove(move)}
          >
            {label}
          </button>
        ))}
      </div>
    </nav>
  );
}
