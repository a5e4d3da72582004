import { maskMobilePhone, maskPhone } from '@portal/domain';
import { TextField, type TextFieldProps } from './fields';

type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength' | 'onChange' | 'value'> & {
  value: string;
  /** Receives the masked value on every keystroke. */
  onValueChange: (masked: string) => void;
  /** mobile: always (##) #####-####; any: landline (##) ####-#### up to 10 digits (spec 000 §5 masks). */
  kind?: 'mobile' | 'any';
};

/** A Brazilian phone input with its mask and the numeric keyboard on phones. */
export function PhoneField({
  value,
  onValueChange,
  kind = 'mobile',
  autoComplete = 'tel-national',
  placeholder = '(00) 00000-0000',
  ...field
}: PhoneFieldProps) {
  const mask = kind === 'mobile' ? maskMobilePhone : maskPhone;
  return (
    <TextField
      {...field}
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder={placeholder}
      maxLength={15}
      value={value}
      onChange={(event) => onValueChange(mask(event.target.value))}
    />
  );
}
