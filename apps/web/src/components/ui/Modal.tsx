import { type KeyboardEvent, useEffect, useId, useRef } from 'react';

// Spec 000 §4: modal styles danger, success, info, alert.
export type ModalStyle = 'danger' | 'success' | 'info' | 'alert';

export interface ModalOptions {
  title: string;
  text: string;
  style?: ModalStyle;
  buttonText?: string;
  /** A second button that declines (a confirmation); Escape then declines too. */
  cancelText?: string;
}

const ICONS: Record<ModalStyle, string> = { danger: '!', alert: '!', success: '✓', info: 'i' };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * An accessible dialog: focus moves in, stays in (Tab cycles), Escape or a button closes, focus goes back.
 * `onClose` tells whether the person chose the main button.
 */
export function Modal({
  title,
  text,
  style = 'info',
  buttonText = 'OK',
  cancelText,
  onClose,
}: ModalOptions & { onClose: (confirmed: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(!cancelText);
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const urgent = style === 'danger' || style === 'alert';
  return (
    <div className="modal-backdrop">
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is a dialog (chosen at run time); it traps Tab and closes on Escape */}
      <div
        ref={ref}
        role={urgent ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className={`modal modal--${style}`}
        data-testid="modal"
        onKeyDown={onKeyDown}
      >
        <span className="modal__icon" aria-hidden="true">
          {ICONS[style]}
        </span>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <p id={textId} className="modal__text">
          {text}
        </p>
        <div className="modal__actions">
          {cancelText && (
            <button type="button" className="btn btn--ghost modal__ok" onClick={() => onClose(false)}>
              {cancelText}
            </button>
          )}
          <button
            type="button"
            className="btn btn--primary modal__ok"
            onClick={() => onClose(true)}
            data-autofocus
          >
            {buttonText}
          </button>
        </div>
      </div>
    </div>
  );
}
