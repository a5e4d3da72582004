import type { RadioGroupInputProps } from '../../../components/form/fields';

/**
 * The back office's look of a choice group (RadioGroupInput, CheckboxGroupInput): a framed section with its legend,
 * the options in columns of at least 260 px (one option a line on a phone), each its box then its text.
 */
export const ADMIN_CHOICES: NonNullable<RadioGroupInputProps['classes']> = {
  group: 'admin-fieldset',
  legend: 'admin-fieldset__legend',
  options: 'admin-fieldset__grid',
  option: 'field--check',
};
