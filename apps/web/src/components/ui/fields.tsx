import { type ChangeEvent, type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { KeepWords } from './KeepWords';

// Labelled form fields; the error text (and any hint) is linked with aria-describedby and the field is marked
// aria-invalid, so a screen reader reads the message with the field.

export interface FieldChrome {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra classes on the wrapper. */
  wrapperClassName?: string;
}

function describedBy(hintId: string | undefined, errorId: string | undefined): string | undefined {
  return [hintId, errorId].filter(Boolean).join(' ') || undefined;
}

/**
 * The error line keeps its height while empty: a message that appears on blur must not push the next field down
 * under the pointer (the click that caused the blur would land on the wrong control).
 */
function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  return (
    <p id={id} className="field__error field__error--slot">
      {error && <KeepWords>{error}</KeepWords>}
    </p>
  );
}

export interface FieldIds {
  fieldId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** Props that tie the control to its label, hint and error. */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined): FieldIds {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return {
    fieldId,
    hintId,
    errorId,
    control: {
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hintId, errorId),
    },
  };
}

function wrapperClass(base: string, error: string | undefined, extra: string | undefined): string {
  return `${base}${error ? ' field--invalid' : ''}${extra ? ` ${extra}` : ''}`;
}

/** Label above the control, then the hint and the error line (text inputs, selects, text areas). */
export function StackedField({
  ids,
  label,
  hint,
  error,
  wrapperClassName,
  children,
}: FieldChrome & { ids: FieldIds; children: ReactNode }) {
  return (
    <div className={wrapperClass('field', error, wrapperClassName)}>
      <label className="field__label" htmlFor={ids.fieldId}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'children'>;

/**
 * A masked control's text after a change: `pasteMask` formats a paste where that differs from typing (a pasted
 * amount of money or date says what it is worth; typed digits fill the slots one by one), `mask` the rest. A paste
 * is the browser's, or any insertion of more than one character at once: a phone keyboard's clipboard suggestion
 * (Gboard) commits the text as typed text, not as a paste.
 */
export function maskedText(
  event: ChangeEvent<HTMLInputElement>,
  mask: ((value: string) => string) | undefined,
  pasteMask?: (value: string) => string,
): string {
  const { inputType, data } = event.nativeEvent as InputEvent;
  const pasted =
    inputType === 'insertFromPaste' ||
    inputType === 'insertFromDrop' ||
    (inputType?.startsWith('insert') === true && (data?.length ?? 0) > 1);
  const format = pasted && pasteMask ? pasteMask : mask;
  return format ? format(event.target.value) : event.target.value;
}

export function TextField({ label, error, hint, wrapperClassName, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <StackedField ids={ids} label={label} hint={hint} error={error} wrapperClassName={wrapperClassName}>
      <input className={`field__input${className ? ` ${className}` : ''}`} {...ids.control} {...input} />
    </StackedField>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

export function TextAreaField({
  label,
  error,
  hint,
  wrapperClassName,
  id,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <StackedField ids={ids} label={label} hint={hint} error={error} wrapperClassName={wrapperClassName}>
      <textarea
        className={`field__input field__textarea${className ? ` ${className}` : ''}`}
        {...ids.control}
        {...textarea}
      />
    </StackedField>
  );
}

export type CheckboxFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'children' | 'type'>;

export function CheckboxField({ label, error, hint, wrapperClassName, id, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={wrapperClass('field field--check', error, wrapperClassName)}>
      <input type="checkbox" className="field__checkbox" {...ids.control} {...input} />
      <label className="field__check-label" htmlFor={ids.fieldId}>
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field__error">
          <KeepWords>{error}</KeepWords>
        </p>
      )}
    </div>
  );
}
