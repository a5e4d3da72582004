import { type ChangeEvent, useState } from 'react';
import { type FormErrors, useFormErrors } from '../../../lib/form-errors';

/**
 * Values and field bindings of a creditor form on top of the shared useFormErrors: a field is checked on blur, a
 * shown message goes once the value becomes valid, and a refused submit focuses the first invalid field. `validate`
 * is the domain's rule set, so the server says the same; `order` must be a stable array.
 */
export function useValidatedForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FormErrors<F>,
  order: readonly F[],
) {
  const [values, setValues] = useState(initial);
  const messages = useFormErrors(order);

  /** Props for a field of `field` that reports its (already masked) value, like PhoneField. */
  function bindValue(field: F) {
    return {
      name: field,
      value: values[field],
      error: messages.errors[field],
      onValueChange: (value: string) => {
        const next = { ...values, [field]: value };
        setValues(next);
        messages.clearIfValid(field, validate(next));
      },
      onBlur: () => messages.check(field, validate(values)),
    };
  }

  /** Props for a text field of `field`; `mask` formats what is typed. */
  function bind(field: F, mask: (value: string) => string = (value) => value) {
    const { onValueChange, ...props } = bindValue(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(mask(event.target.value)),
    };
  }

  return {
    values,
    setValues,
    formRef: messages.formRef,
    bind,
    bindValue,
    /** Shows these messages and focuses the first field with one (see useFormErrors.show). */
    show: messages.show,
    /** The server's field messages of a failed call; false when it named none of ours. */
    showServer: messages.showServer,
    /** Checks every field; true when the form may be sent. */
    isValid: () => !messages.show(validate(values)),
  };
}
