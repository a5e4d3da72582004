import { useId, useRef } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { SECOND_COPY_TEXTS } from '../lib/second-copy';
import { DEBT_STEPS } from '../lib/steps';
import { useDebtor } from './DebtsTemplate';

// Copying a code the person pays with (a boleto's linha digitável, a PIX copia e cola): the snackbar says whether it
// worked, and a copy is logged as step 102 (line) or 103 (PIX).

export type CodeKind = 'line' | 'pix';

/** Copies to the clipboard; where the browser refuses, selects the text in `input` so the person can copy it. */
async function copyText(input: HTMLInputElement | null, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** Copies `value`, tells the person, and logs the step with `reason` (what was copied, where). */
export function useCopyCode() {
  const config = usePartner();
  const debtor = useDebtor();
  const { showSnackbar } = useFeedback();
  return async (kind: CodeKind, value: string, reason: string, input: HTMLInputElement | null = null) => {
    const copied = await copyText(input, value);
    showSnackbar(
      copied ? SECOND_COPY_TEXTS.copied[kind] : SECOND_COPY_TEXTS.copyFailed,
      copied ? 'success' : 'danger',
    );
    if (copied)
      logStep(
        config,
        kind === 'line' ? DEBT_STEPS.lineCopied : DEBT_STEPS.pixCopied,
        reason,
        debtor.pesCpfCnpj,
      );
    return copied;
  };
}

/** A code shown in full (selectable) with a copy button. */
export function CopyCode({
  label,
  value,
  kind,
  reason,
  testId,
}: {
  label: string;
  value: string;
  kind: CodeKind;
  /** The step log's reason for a copy. */
  reason: string;
  testId: string;
}) {
  const copy = useCopyCode();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="copy-code">
      <label htmlFor={id} className="copy-code__label">
        {label}
      </label>
      <div className="copy-code__row">
        <input
          id={id}
          ref={inputRef}
          className="copy-code__value"
          value={value}
          readOnly
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => copy(kind, value, reason, inputRef.current)}
          data-testid={`${testId}-copy`}
        >
          Copiar
        </button>
      </div>
    </div>
  );
}
