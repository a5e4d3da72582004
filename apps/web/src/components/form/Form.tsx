import type { FormHTMLAttributes, ReactNode } from 'react';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

type FormProps<Input extends FieldValues, Output> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<Output>;
  children: ReactNode;
};

/** A form whose fields (components/form) find their state by name; the browser's own validation is off. */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  children,
  ...attributes
}: FormProps<Input, Output>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...attributes} onSubmit={form.handleSubmit(onSubmit)}>
        {children}
      </form>
    </FormProvider>
  );
}
