import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './dialog.css';
import { useFocusReturn } from './focus-return';

export interface DialogProps {
  title: string;
  /** A line under the title that the dialog is described by. */
  description?: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A dialog with content of its own (a form, a QR code), on Radix Dialog like Modal: focus moves in and stays in,
 * Escape or 'Fechar' closes it, and focus goes back to the element that opened it. Render it while open; a feedback
 * modal (useFeedback) opened from inside it stacks on top.
 */
export function Dialog({ title, description, onClose, children, testId }: DialogProps) {
  // Radix gives focus back to its Trigger; opened by a button of our own, the dialog gives it back itself, as it
  // unmounts (as Modal does).
  useFocusReturn();
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="modal-backdrop">
          <RadixDialog.Content
            className="modal dialog"
            data-testid={testId}
            onCloseAutoFocus={(event) => event.preventDefault()}
            // Without a description Radix must be told there is none.
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <RadixDialog.Title className="modal__title">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
            )}
            {children}
            <RadixDialog.Close className="btn btn--ghost dialog__close">Fechar</RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
