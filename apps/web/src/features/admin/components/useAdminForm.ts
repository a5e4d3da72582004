import { useRef, useState } from 'react';
import { AdminApiError } from '../api/admin';
import { useAdminFailure } from './AdminLayout';

/**
 * The state of a back-office form: its values, one error per field (shown under it, the field focused), and a
 * submit that marks the form busy while the call runs, puts a server field error (`dados: { field: message }`)
 * under its field and sends any other failure to the admin error modal (or the login for 'Unauthenticated').
 */
export function useAdminForm<F extends string>(initial: Record<F, string>, fields: readonly F[]) {
  const onFailure = useAdminFailure();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: F, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Shows `message` under `field` (only that one) and moves the focus to the field. */
  function showError(field: F, message: string) {
    setErrors({ [field]: message } as Partial<Record<F, string>>);
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  /** Runs the save; the form stays busy after a success (the screen moves on). */
  async function submit(call: () => Promise<void>): Promise<void> {
    setErrors({});
    setBusy(true);
    try {
      await call();
    } catch (error) {
      setBusy(false);
      const field = error instanceof AdminApiError ? fields.find((name) => error.fields[name]) : undefined;
      if (field && error instanceof AdminApiError) showError(field, error.fields[field]!);
      else await onFailure(error);
    }
  }

  return { values, errors, busy, formRef, update, showError, submit };
}
