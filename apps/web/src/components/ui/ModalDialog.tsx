import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { KeepWords } from './KeepWords';
import type { ModalProps, ModalStyle } from './Modal';

const ICONS: Record<ModalStyle, string> = { danger: '!', alert: '!', success: '✓', info: 'i' };

/**
 * The dialog behind Modal, on Radix Dialog (focus moves in and stays in, Escape closes). Its own chunk: the
 * feedback provider is in the landing page's entry, and most visits never open a modal.
 */
export default function ModalDialog({
  title,
  text,
  style = 'info',
  buttonText = 'OK',
  cancelText,
  onClose,
}: ModalProps) {
  const main = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // An urgent message or a question is an alertdialog; like one, no dialog closes by a click outside it.
  const alert = style === 'danger' || style === 'alert' || Boolean(cancelText);
  const keep = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        // Only Escape gets here (outside clicks are kept out): it declines a question, acknowledges a message.
        if (!open) onClose(!cancelText);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop">
          <Dialog.Content
            role={alert ? 'alertdialog' : 'dialog'}
            className={`modal modal--${style}`}
            data-testid="modal"
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              // A question starts on its cancel button, the choice Escape makes (as the erasure dialog does): an
              // Enter pressed by habit must not confirm a dispute, a deletion or a cancellation. A message, on OK.
              (cancel.current ?? main.current)?.focus();
            }}
            // Modal gives focus back when it unmounts, in step with the queue (see Modal.tsx).
            onCloseAutoFocus={keep}
            onPointerDownOutside={keep}
            onInteractOutside={keep}
          >
            <span className="modal__icon" aria-hidden="true">
              {ICONS[style]}
            </span>
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Description className="modal__text">
              <KeepWords>{text}</KeepWords>
            </Dialog.Description>
            <div className="modal__actions">
              {cancelText && (
                <button
                  ref={cancel}
                  type="button"
                  className="btn btn--ghost modal__ok"
                  onClick={() => onClose(false)}
                >
                  {cancelText}
                </button>
              )}
              <button
                ref={main}
                type="button"
                className="btn btn--primary modal__ok"
                onClick={() => onClose(true)}
              >
                {buttonText}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
