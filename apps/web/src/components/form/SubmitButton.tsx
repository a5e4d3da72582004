import type { ReactNode } from 'react';

/** The form's main button: disabled with a wait text while the call runs (the loading state of the screen). */
export function SubmitButton({
  busy,
  busyText,
  className,
  testId,
  children,
}: {
  busy: boolean;
  busyText: string;
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
      {busy ? busyText : children}
    </button>
  );
}
