import { useFocusReturn } from './focus-return';
import { KeepWords } from './KeepWords';

/**
 * Full-screen wait state with a message (spec 000 §4 "The loading overlay carries a message"). The page behind is
 * inert meanwhile; the focus goes back when it closes (focus-return.ts).
 */
export function LoadingOverlay({ message }: { message: string }) {
  useFocusReturn();
  return (
    <div className="overlay" role="status" aria-busy="true" aria-live="polite" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <p className="overlay__text">
        <KeepWords>{message}</KeepWords>
      </p>
    </div>
  );
}
