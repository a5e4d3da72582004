import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

// Labelled form fields; the error text (and any hint) is linked with aria-describedby and the field is marked
// aria-invalid, so a screen reader reads the message with the field.

interface FieldChrome {
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
      {error}
    </p>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export function TextField({ label, error, hint, wrapperClassName, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div
      className={`field${error ? ' field--invalid' : ''}${wrapperClassName ? ` ${wrapperClassName}` : ''}`}
    >
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <input
        id={fieldId}
        className={`field__input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export function TextAreaField({
  label,
  error,
  hint,
  wrapperClassName,
  id,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div
      className={`field${error ? ' field--invalid' : ''}${wrapperClassName ? ` ${wrapperClassName}` : ''}`}
    >
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={`field__input field__textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...textarea}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export type CheckboxFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'>;

export function CheckboxField({ label, error, hint, wrapperClassName, id, ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div
      className={`field field--check${error ? ' field--invalid' : ''}${wrapperClassName ? ` ${wrapperClassName}` : ''}`}
    >
      <input
        id={fieldId}
        type="checkbox"
        className="field__checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...input}
      />
      <label className="field__check-label" htmlFor={fieldId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
