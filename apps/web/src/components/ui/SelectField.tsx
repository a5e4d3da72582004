import { EMPTY_SELECT } from '@portal/domain';
import type { ComponentPropsWithRef } from 'react';
import { StackedField, useFieldIds } from './fields';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
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
  const ids = useFieldIds(id, undefined, error);
  const empty = options.length === 0;
  return (
    <StackedField ids={ids} label={label} error={error}>
      <select
        className="field__input field__select"
        {...ids.control}
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
    </StackedField>
  );
}
