import {
  ERASURE_CONSEQUENCE,
  ERASURE_KEEPS,
  ERASURE_REGISTRATION_DATA,
  ERASURE_REGISTRATION_KEPT,
  ERASURE_REMOVES,
} from '@portal/domain';
import { useEffect, useId, useRef } from 'react';

export interface ErasureDialogProps {
  busy: boolean;
  /** The server's message when the erasure failed; shown inside the dialog. */
  failure: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation before an erasure: what goes, what the law keeps and why, and the consequence. A native modal
 * <dialog> (focus moves in, the page behind is inert, Escape cancels); the focus starts on Cancelar, the safe choice,
 * and returns to the button that opened it when cancelled.
 */
export function ErasureDialog({ busy, failure, onConfirm, onCancel }: ErasureDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const failureRef = useRef<HTMLParagraphElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    cancelRef.current?.focus();
    return () => {
      dialog?.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  return (
    <dialog
      ref={ref}
      className="my-data-dialog"
      aria-labelledby={titleId}
      data-testid="erasure-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>Eliminar meus dados?</h2>
      <section
        className="my-data-dialog__body"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls on a small screen (the buttons stay in view); a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="O que será eliminado e o que fica guardado"
      >
        <p>Vamos eliminar agora, somente neste portal:</p>
        <ul>
          <li>
            {ERASURE_REGISTRATION_DATA} (se {ERASURE_REGISTRATION_KEPT}, eles ficam guardados para ele)
          </li>
          {ERASURE_REMOVES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>A lei nos obriga a guardar:</p>
        <ul>
          {ERASURE_KEEPS.map(({ what, why }) => (
            <li key={what}>
              <strong>{what}</strong>: {why}
            </li>
          ))}
        </ul>
        <p className="my-data-dialog__warning">{ERASURE_CONSEQUENCE}</p>
      </section>
      {failure && (
        <p ref={failureRef} className="my-data__failure" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
      <div className="my-data-dialog__actions">
        <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={onConfirm}
          disabled={busy}
          data-testid="erasure-confirm"
        >
          {busy ? 'Eliminando…' : 'Eliminar meus dados'}
        </button>
      </div>
    </dialog>
  );
}
