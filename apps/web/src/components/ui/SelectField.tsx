import { EMPTY_SELECT } from '@portal/domain';
import { type SelectHTMLAttributes, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  options: SelectOption[];
  placeholder?: string;
  error?: string | undefined;
};

/** A labelled select; with no options it says 'Nenhum dado encontrado' (spec 000 §5) and cannot be used. */
export function SelectField({
  label,
  options,
  placeholder = 'Selecione',
  error,
  id,
  disabled,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = error ? `${fieldId}-error` : undefined;
  const empty = options.length === 0;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <select
        id={fieldId}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        disabled={disabled || empty}
        {...select}
      >
        {empty ? (
          <option value="">{EMPTY_SELECT}</option>
        ) : (
          <>
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </>
        )}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
