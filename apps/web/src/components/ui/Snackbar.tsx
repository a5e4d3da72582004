import { KeepWords } from './KeepWords';

export type SnackbarTone = 'success' | 'danger';

/** A polite live region that is always in the page, so screen readers announce each new message. */
export function Snackbar({ message, tone }: { message: string | null; tone?: SnackbarTone | undefined }) {
  let className = message ? 'snackbar snackbar--open' : 'snackbar';
  if (message && tone) className += ` snackbar--${tone}`;
  return (
    <div className={className} role="status" aria-live="polite" data-testid="snackbar">
      {message && <KeepWords>{message}</KeepWords>}
    </div>
  );
}
