import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api';

export type FormErrors<F extends string> = Partial<Record<F, string | undefined>>;

/**
 * The messages of a form validated by the domain's rules: one per field, the first invalid field focused (by its
 * `name`, in `order`), a message removed as soon as its value becomes valid, and the server's field messages of a
 * 400 answer shown the same way. `order` must be a stable array.
 */
export function useFormErrors<F extends string>(order: readonly F[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors<F>>({});

  /** Shows exactly `found` and focuses its first field; true when it holds any message. */
  const show = useCallback(
    (found: FormErrors<F>): boolean => {
      setErrors(found);
      const first = order.find((field) => found[field]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return first !== undefined;
    },
    [order],
  );

  /** One field's message as `found` has it (on blur). */
  const check = useCallback((field: F, found: FormErrors<F>) => {
    setErrors((current) => ({ ...current, [field]: found[field] }));
  }, []);

  /** While typing: a shown message goes away once `found` no longer has it; none appears before blur or send. */
  const clearIfValid = useCallback((field: F, found: FormErrors<F>) => {
    setErrors((current) => (current[field] && !found[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** The server's `{ field: message }` of a failed call, shown as `show`; false when it named no field of ours. */
  const showServer = useCallback(
    (error: unknown): boolean => {
      const server = error instanceof ApiError ? error.fieldErrors : {};
      const known: FormErrors<F> = {};
      for (const field of order) if (server[field]) known[field] = server[field];
      return Object.keys(known).length > 0 && show(known);
    },
    [order, show],
  );

  return { formRef, errors, show, check, clearIfValid, showServer, reset: () => setErrors({}) };
}
