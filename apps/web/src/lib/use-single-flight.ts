import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
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

/**
 * `mutation.mutateAsync` through useSingleFlight, for a button: its failure is reported by the callbacks (`options`
 * or the mutation's own), so the promise's rejection is dropped here.
 */
export function useSingleFlightMutation<Data, Variables, Context>(
  mutation: Pick<UseMutationResult<Data, Error, Variables, Context>, 'mutateAsync'>,
  options?: MutateOptions<Data, Error, Variables, Context>,
): (variables: Variables) => Promise<void> {
  return useSingleFlight((variables: Variables) =>
    mutation.mutateAsync(variables, options).catch(() => undefined),
  );
}
