/** A polite live region that is always in the page, so screen readers announce each new message. */
export function Snackbar({ message }: { message: string | null }) {
  return (
    <div
      className={message ? 'snackbar snackbar--open' : 'snackbar'}
      role="status"
      aria-live="polite"
      data-testid="snackbar"
    >
      {message}
    </div>
  );
}
