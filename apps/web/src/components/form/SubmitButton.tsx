import type { ReactNode } from 'react';

/**
 * The form's main button: disabled while the call runs, with a wait text when the screen has no loading overlay of
 * its own (the back office's forms).
 */
export function SubmitButton({
  busy,
  busyText,
  className,
  testId,
  children,
}: {
  busy: boolean;
  busyText?: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}
