import { Link } from 'react-router';

/** The submit button of an identification form and the way back to the landing page. */
export function FormActions({ label, busy, testId }: { label: string; busy: boolean; testId: string }) {
  return (
    <>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid={testId}>
        {label}
      </button>
      <Link className="btn btn--ghost btn--block" to="/">
        Voltar para a página inicial
      </Link>
    </>
  );
}
