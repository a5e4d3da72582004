import { type ReactNode, useId } from 'react';

export interface Choice<T> {
  value: T;
  label: ReactNode;
  /** A second line under the label (e.g. a plan's total and discount). */
  detail?: ReactNode;
}

export interface ChoiceGroupProps<T> {
  legend: ReactNode;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** chips: short options side by side; list: one option per row. */
  variant?: 'chips' | 'list';
  /** Keeps the legend for screen readers only (when a heading above already says it). */
  hideLegend?: boolean;
  testId?: string;
}

/**
 * A fieldset of native radio buttons styled as chips or rows: one Tab stop, arrow keys move the choice, and a
 * screen reader reads the legend with each option.
 */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  variant = 'chips',
  hideLegend = false,
  testId,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={`choices choices--${variant}`} data-testid={testId}>
      <legend className={hideLegend ? 'sr-only' : 'choices__legend'}>{legend}</legend>
      <div className="choices__options">
        {choices.map((choice) => (
          <label key={String(choice.value)} className="choice">
            <input
              type="radio"
              className="choice__input"
              name={name}
              value={String(choice.value)}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{choice.label}</span>
              {choice.detail && <span className="choice__detail">{choice.detail}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
