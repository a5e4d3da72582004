import { useCallback, useEffect, useRef } from 'react';

/**
 * A tab opened within a click (so no pop-up blocker stops it) for a document that is fetched after it: `open` it,
 * then `settle` it once the fetch has answered. A tab still waiting when the screen goes is closed with it: the
 * session ended under it, and that fetch never answers (lib/api.ts onSessionEnd).
 */
export function useWaitingTab(): { open: () => Window | null; settle: () => void } {
  const waiting = useRef<Window | null>(null);
  useEffect(() => () => waiting.current?.close(), []);
  const open = useCallback(() => {
    waiting.current = window.open('', '_blank');
    return waiting.current;
  }, []);
  const settle = useCallback(() => {
    waiting.current = null;
  }, []);
  return { open, settle };
}
