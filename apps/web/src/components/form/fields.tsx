import {
  maskDate,
  maskMobilePhone,
  maskMoneyInput,
  maskPastedDate,
  maskPastedMoney,
  maskPhone,
} from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import {
  CheckboxField,
  type CheckboxFieldProps,
  maskedText,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from '../ui/fields';
import { SelectField, type SelectFieldProps } from '../ui/SelectField';

// The form fields: each finds its value, its touched state and its message in the enclosing <Form> by `name`,
// and draws the shared field chrome (components/ui/fields), so every form looks and behaves alike.

type Named<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'checked'> & {
  name: string;
};

function useField(name: string) {
  const { control } = useFormContext<FieldValues>();
  return useController({ control, name: name as FieldPath<FieldValues> });
}

/** The props that tie a text-like control to its field: value, message, change and blur. */
function useTextBinding(name: string) {
  const { field, fieldState } = useField(name);
  return {
    ref: field.ref,
    name: field.name,
    value: field.value ?? '',
    error: fieldState.error?.message,
    onChange: field.onChange,
    onBlur: field.onBlur,
  };
}

export type TextInputProps = Named<TextFieldProps> & {
  /**
   * Formats what is typed (the domain's masks). A mask bounds the value's length itself; a maxLength beside it
   * would cut a pasted '+55 (11) 98765-4321' or ' 11.222.333/0001-81 ' before the mask reads it.
   */
  mask?: (value: string) => string;
  /** Formats the field's text after a paste, where that differs from typing (a pasted amount or date). */
  pasteMask?: (value: string) => string;
  /**
   * Checked from the first letter typed, not first as the field is left: a message longer than the line kept for
   * it then appears while the person types, not as they tap the control below (which it would push from under
   * their finger).
   */
  checkWhileTyping?: boolean;
};

export function TextInput({ name, mask, pasteMask, checkWhileTyping, ...props }: TextInputProps) {
  const binding = useTextBinding(name);
  const { trigger } = useFormContext<FieldValues>();
  return (
    <TextField
      {...props}
      {...binding}
      onChange={(event) => {
        binding.onChange(maskedText(event, mask, pasteMask));
        if (checkWhileTyping) void trigger(name as FieldPath<FieldValues>);
      }}
    />
  );
}

/** An e-mail address: the e-mail keyboard on phones, the browser's saved address, at most 254 characters (RFC 5321). */
export function EmailInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextInput type="email" inputMode="email" autoComplete="email" maxLength={254} {...props} />;
}

/** A Brazilian phone: mobile always (##) #####-####; any also takes a landline (##) ####-#### (spec 000 §5 masks). */
export function PhoneInput({
  kind = 'mobile',
  ...props
}: Omit<TextInputProps, 'mask' | 'type' | 'inputMode' | 'maxLength'> & { kind?: 'mobile' | 'any' }) {
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="(00) 00000-0000"
      mask={kind === 'mobile' ? maskMobilePhone : maskPhone}
      {...props}
    />
  );
}

type MaskedProps = Omit<TextInputProps, 'mask' | 'inputMode' | 'maxLength'>;

/** A date typed as dd/mm/aaaa (spec 000 §5 generic fields); which dates are valid is the schema's rule. */
export function DateInput(props: MaskedProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      mask={maskDate}
      pasteMask={maskPastedDate}
      {...props}
    />
  );
}

/** Money as 'R$ 1.234,56', digits filling from the right (spec 000 §5); the schema parses it to centavos. */
export function MoneyInput(props: MaskedProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="R$ 0,00"
      mask={maskMoneyInput}
      pasteMask={maskPastedMoney}
      {...props}
    />
  );
}

export function TextAreaInput({ name, ...props }: Named<TextAreaFieldProps>) {
  return <TextAreaField {...props} {...useTextBinding(name)} />;
}

export function CheckboxInput({ name, ...props }: Named<CheckboxFieldProps>) {
  const { field, fieldState } = useField(name);
  return (
    <CheckboxField
      {...props}
      ref={field.ref}
      name={field.name}
      checked={field.value === true}
      error={fieldState.error?.message}
      onChange={(event) => field.onChange(event.target.checked)}
      onBlur={field.onBlur}
    />
  );
}

export interface RadioGroupInputProps {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  /** The look of the group: classes of the fieldset, its legend, the options' box and each option's label. */
  classes?: { group?: string; legend?: string; options?: string; option?: string };
}

/**
 * The fieldset both choice groups share: the legend, the options' box, and the group's message tied to it and
 * announced.
 */
function ChoiceFieldset({
  legend,
  classes,
  error,
  children,
}: {
  legend: ReactNode;
  classes: NonNullable<RadioGroupInputProps['classes']>;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={classes.group} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.options}>{children}</div>
      {/* The line keeps its height while empty, as a field's does (FieldError): a message appearing on blur must
          not move the button being clicked. */}
      <p id={errorId} className="field__error field__error--slot" role="alert">
        {error}
      </p>
    </fieldset>
  );
}

/**
 * Native radio buttons in a fieldset: one Tab stop, arrow keys move the choice; a refused submit focuses the first
 * option.
 */
export function RadioGroupInput({ name, legend, options, classes = {} }: RadioGroupInputProps) {
  const { field, fieldState } = useField(name);
  return (
    <ChoiceFieldset legend={legend} classes={classes} error={fieldState.error?.message}>
      {options.map((option, index) => (
        <label key={option.value} className={classes.option}>
          <input
            ref={index === 0 ? field.ref : undefined}
            type="radio"
            name={field.name}
            value={option.value}
            checked={field.value === option.value}
            onChange={() => field.onChange(option.value)}
            onBlur={field.onBlur}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </ChoiceFieldset>
  );
}

/**
 * Native checkboxes in a fieldset for a list of numbers (ids): each its own Tab stop, Space ticks it; a refused
 * submit focuses the first option.
 */
export function CheckboxGroupInput({ name, legend, options, classes = {} }: CheckboxGroupInputProps) {
  const { field, fieldState } = useField(name);
  const chosen: number[] = Array.isArray(field.value) ? field.value : [];
  return (
    <ChoiceFieldset legend={legend} classes={classes} error={fieldState.error?.message}>
      {options.map((option, index) => (
        <label key={option.value} className={classes.option}>
          <input
            ref={index === 0 ? field.ref : undefined}
            type="checkbox"
            name={field.name}
            value={option.value}
            checked={chosen.includes(option.value)}
            onChange={(event) =>
              field.onChange(
                event.target.checked
                  ? [...chosen, option.value]
                  : chosen.filter((value) => value !== option.value),
              )
            }
            onBlur={field.onBlur}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </ChoiceFieldset>
  );
}

export interface CheckboxGroupInputProps extends Omit<RadioGroupInputProps, 'options'> {
  options: readonly { value: number; label: ReactNode }[];
}

export function SelectInput({ name, ...props }: Named<SelectFieldProps>) {
  return <SelectField {...props} {...useTextBinding(name)} />;
}
