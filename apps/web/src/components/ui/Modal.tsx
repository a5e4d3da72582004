import { Suspense } from 'react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useFocusReturn } from './focus-return';

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

export type ModalProps = ModalOptions & { onClose: (confirmed: boolean) => void };

// Radix Dialog loads with the first modal, keeping it out of the landing page's entry chunk.
const ModalDialog = lazyWithRetry(() => import('./ModalDialog'));

/**
 * An accessible dialog: focus moves in, stays in (Tab cycles), Escape or a button closes, focus goes back.
 * `onClose` tells whether the person chose the main button.
 */
export function Modal(props: ModalProps) {
  // Focus goes back as the modal unmounts, so a queued modal or the caller's next step can move it on.
  useFocusReturn();
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
