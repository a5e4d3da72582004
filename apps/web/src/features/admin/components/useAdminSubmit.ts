import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '../../../components/form/use-zod-form';
import { useAdminFailure } from './AdminLayout';

/**
 * The submit of a back-office form: runs `save` with the schema's output (the form is submitting meanwhile); a
 * refusal naming the form's fields (`dados: { field: message }`) goes under them, any other failure to the admin
 * error modal, or to the login for 'Unauthenticated'.
 */
export function useAdminSubmit<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  save: (values: Output) => Promise<void>,
): (values: Output) => Promise<void> {
  const onFailure = useAdminFailure();
  return async (values) => {
    try {
      await save(values);
    } catch (error) {
      if (!showServerErrors(form, error)) void onFailure(error);
    }
  };
}
