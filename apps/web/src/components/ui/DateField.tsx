import {
  isAdult,
  isFutureDate,
  maskDate,
  maskPastedDate,
  parseBrDate,
  todayInBrasilia,
} from '@portal/domain';
import { useState } from 'react';
import { maskedText, TextField, type TextFieldProps } from './fields';

// Spec 000 §5 "Generic fields": a date field can be limited to future dates or to ages 18 and over.
export type DateLimit = 'adult' | 'future' | 'none';

export const INVALID_BIRTH_DATE_MESSAGE = 'Insira uma data de nascimento válida.';
export const INVALID_FUTURE_DATE_MESSAGE = 'Insira uma data futura válida.';
export const INVALID_DATE_MESSAGE = 'Insira uma data válida.';

/** The message for `value` ('dd/mm/aaaa'), or undefined when it is acceptable. Empty counts as invalid. */
export function dateFieldError(
  value: string,
  limit: DateLimit,
  today = todayInBrasilia(),
): string | undefined {
  const iso = parseBrDate(value);
  if (limit === 'adult') return iso && isAdult(iso, today) ? undefined : INVALID_BIRTH_DATE_MESSAGE;
  if (limit === 'future') return iso && isFutureDate(iso, today) ? undefined : INVALID_FUTURE_DATE_MESSAGE;
  return iso ? undefined : INVALID_DATE_MESSAGE;
}

export type DateFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (masked: string) => void;
  limit?: DateLimit;
};

/** 'dd/mm/aaaa' input that validates itself on blur; a parent's `error` (e.g. on submit) takes precedence. */
export function DateField({ value, onChange, limit = 'none', error, onBlur, ...props }: DateFieldProps) {
  const [blurError, setBlurError] = useState<string | undefined>();
  return (
    <TextField
      inputMode="numeric"
      autoComplete={limit === 'adult' ? 'bday' : 'off'}
      placeholder="dd/mm/aaaa"
      {...props}
      value={value}
      error={error ?? blurError}
      onChange={(event) => {
        const masked = maskedText(event, maskDate, maskPastedDate);
        if (blurError && !dateFieldError(masked, limit)) setBlurError(undefined);
        onChange(masked);
      }}
      onBlur={(event) => {
        setBlurError(value ? dateFieldError(value, limit) : undefined);
        onBlur?.(event);
      }}
    />
  );
}
