import { MONEY_INPUT_MAX_LENGTH, maskMoneyInput, parseMoney } from '@portal/domain';
import { TextField, type TextFieldProps } from './fields';

export type MoneyFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The masked text, 'R$ 1.234,56'. */
  value: string;
  /** Masked text and its integer centavos (null when empty). */
  onChange: (masked: string, centavos: number | null) => void;
};

/** Spec 000 §5: R$, comma decimal, 2 decimals, 18-character maximum; digits fill from the right. */
export function MoneyField({ value, onChange, ...props }: MoneyFieldProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      placeholder="R$ 0,00"
      maxLength={MONEY_INPUT_MAX_LENGTH}
      {...props}
      value={value}
      onChange={(event) => {
        const masked = maskMoneyInput(event.target.value);
        onChange(masked, masked ? parseMoney(masked) : null);
      }}
    />
  );
}
