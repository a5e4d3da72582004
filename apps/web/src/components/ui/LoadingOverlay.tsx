/** Full-screen wait state with a message (spec 000 §4 "The loading overlay carries a message"). */
export function LoadingOverlay({ message }: { message: string }) {
  return (
    <div className="overlay" role="status" aria-busy="true" aria-live="polite" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <p className="overlay__text">{message}</p>
    </div>
  );
}
