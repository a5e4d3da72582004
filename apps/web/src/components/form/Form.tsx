import type { FormHTMLAttributes, ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

type FormProps<Input extends FieldValues, Output> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<Output>;
  /** Called with the field errors of a refused submit (a form whose spec also announces the first in a modal). */
  onInvalid?: SubmitErrorHandler<Input>;
  children: ReactNode;
};

/** A form whose fields (components/form) find their state by name; the browser's own validation is off. */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...attributes
}: FormProps<Input, Output>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...attributes} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        {children}
      </form>
    </FormProvider>
  );
}
