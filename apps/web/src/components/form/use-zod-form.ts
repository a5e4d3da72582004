import { zodResolver } from '@hookform/resolvers/zod';
import { portugueseZodError } from '@portal/domain';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';

/**
 * A form validated by one of the domain's zod schemas, so the browser says what the server says (zod's own messages
 * in the server's Portuguese too). A field is checked when it loses focus and again on each change after that; a
 * refused submit focuses the first invalid field, unless `shouldFocusError` is false (a form whose onInvalidSubmit
 * places the focus itself: react-hook-form focuses the first invalid field of the page after that handler).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  options: { shouldFocusError?: boolean } = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: portugueseZodError }),
    defaultValues,
    mode: 'onTouched',
    ...options,
  });
}

/**
 * The server's `{ field: message }` of a refused call (400, or 413 for a body over its limit) shown under those
 * fields, the first one focused.
 * False when the answer named none of the form's fields (the caller then shows its general message).
 */
export function showServerErrors<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = Object.keys(form.getValues());
  const fields = Object.entries(error.fieldErrors).filter(([field]) => known.includes(field));
  fields.forEach(([field, message], index) => {
    form.setError(field as Path<Input>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return fields.length > 0;
}
