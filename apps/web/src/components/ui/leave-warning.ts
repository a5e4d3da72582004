import { useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { useFeedback } from './feedback';
import type { ModalOptions } from './Modal';

/** The app's question before leaving: its main button leaves, `cancelText` stays. */
export type LeaveQuestion = ModalOptions & { cancelText: string };

/**
 * Asks before the page is left. An in-app navigation (a link, the phone's Back button) that `inApp` blocks waits for
 * the app's `question`; `inApp` is asked when the navigation happens, so a ref it reads counts at once. While
 * `onUnload` is true, closing or reloading the tab gets the browser's own question (browsers show no page text).
 */
export function useLeaveWarning(inApp: BlockerFunction, onUnload: boolean, question: LeaveQuestion): void {
  const { confirm } = useFeedback();
  const blocker = useBlocker(inApp);
  const latest = useRef(blocker);
  latest.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(question).then((leave) => {
      // The navigation may have been let go meanwhile: nothing is left to decide.
      const now = latest.current;
      if (now.state !== 'blocked') return;
      if (leave) now.proceed();
      else now.reset();
    });
  }, [blocker, confirm, question]);
  useEffect(() => {
    if (!onUnload) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [onUnload]);
}
