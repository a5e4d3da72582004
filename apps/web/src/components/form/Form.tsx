import type { ComponentPropsWithRef, FormEvent, ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useSingleFlight } from '../../lib/use-single-flight';

type FormProps<Input extends FieldValues, Output> = Omit<ComponentPropsWithRef<'form'>, 'onSubmit'> & {
  form: UseFormReturn<Input, unknown, Output>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<Output>;
  /** Called with the errors of a refused submit (a form that places the focus itself). */
  onInvalidSubmit?: SubmitErrorHandler<Input>;
  children: ReactNode;
};

/**
 * A form whose fields (components/form) find their state by name; the browser's own validation is off. A submit
 * while the last one is still running (a double click or tap) is dropped.
 */
export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onInvalidSubmit,
  children,
  ...attributes
}: FormProps<Input, Output>) {
  const submit = useSingleFlight((event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(onSubmit, onInvalidSubmit)(event),
  );
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...attributes}
        onSubmit={(event) => {
          // Also for a dropped submit: the browser must never send the form itself.
          event.preventDefault();
          void submit(event);
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}
