import { useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '../../../components/form/use-zod-form';
import { useAdminFailure } from './AdminLayout';
import { useLeaveGuard } from './useLeaveGuard';

/**
 * The submit of a back-office form: runs `save` with the schema's output (the form is submitting meanwhile); a
 * refusal naming the form's fields (`dados: { field: message }`) goes under them, any other failure to the admin
 * error modal (`failText` when the server said nothing), or to the login for 'Unauthenticated'. Leaving the form with unsaved edits asks first, except inside
 * the app for a form that keeps its edits as a draft (`keptAsDraft`). `save` answers false when it saved nothing
 * (the person said 'Não' to its confirmation): the edits are still unsaved, and leaving still asks.
 */
export function useAdminSubmit<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  save: (values: Output) => Promise<unknown>,
  { keptAsDraft = false, failText }: { keptAsDraft?: boolean; failText?: string } = {},
): (values: Output) => Promise<void> {
  const onFailure = useAdminFailure(failText);
  const saved = useRef(false);
  useLeaveGuard(form.formState.isDirty, saved, !keptAsDraft);
  return async (values) => {
    try {
      // Set first: a save that navigates away (back to its list) must not be asked about.
      saved.current = true;
      if ((await save(values)) === false) saved.current = false;
    } catch (error) {
      saved.current = false;
      if (!showServerErrors(form, error)) void onFailure(error);
    }
  };
}
