import type { ComponentPropsWithRef, ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

type FormProps<Input extends FieldValues, Output> = Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<Output>;
  /** Called with the errors of a refused submit (a form that places the focus itself). */
  onInvalidSubmit?: SubmitErrorHandler<Input>;
  children: ReactNode;
};

/** A form whose fields (components/form) find their state by name; the browser's own validation is off. */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalidSubmit,
  children,
  ...attributes
}: FormProps<Input, Output>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...attributes} onSubmit={form.handleSubmit(onSubmit, onInvalidSubmit)}>
        {children}
      </form>
    </FormProvider>
  );
}
