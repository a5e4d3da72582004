import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * The form's main button: disabled while the call runs, with a wait text when the screen has no loading overlay of
 * its own (the back office's forms). Disabling it takes the focus from it (the browser moves the focus to the page
 * body): once the call is over it gets the focus back, unless something else took it meanwhile, so a keyboard user
 * who pressed it carries on from it rather than from the top of the page.
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
  const ref = useRef<HTMLButtonElement>(null);
  const focusedWhenBusy = useRef(false);
  // A layout effect: it runs before the browser drops the focus of the button it has just disabled.
  useLayoutEffect(() => {
    const button = ref.current;
    if (busy) {
      focusedWhenBusy.current = document.activeElement === button;
      return;
    }
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusedWhenBusy.current && lost) button?.focus();
    focusedWhenBusy.current = false;
  }, [busy]);
  return (
    <button
      ref={ref}
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
