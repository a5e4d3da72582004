import { useCallback, useRef } from 'react';

/**
 * `action` at most once at a time: a call while the last one runs is dropped. A double click sends its second
 * click before React has re-rendered the button disabled, so `isPending` alone let debtor requests go twice.
 */
export function useSingleFlight<Args extends unknown[]>(
  action: (...args: Args) => unknown,
): (...args: Args) => Promise<void> {
  const running = useRef(false);
  return useCallback(
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      try {
        await action(...args);
      } finally {
        running.current = false;
      }
    },
    [action],
  );
}
