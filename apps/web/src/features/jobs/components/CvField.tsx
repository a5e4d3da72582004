import { cvProblem, JOB_CV_MAX_BYTES } from '@portal/domain';
import type { Ref } from 'react';
import { StackedField, useFieldIds } from '../../../components/ui/fields';

/** The chosen CV, or its problem (checked on the phone as the server checks it: PDF by content, at most 5 MB). */
export async function checkCvFile(file: File): Promise<string | null> {
  // Never read a huge file just to refuse it: the size decides first.
  if (file.size > JOB_CV_MAX_BYTES) return cvProblem({ size: file.size, head: new Uint8Array() });
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return cvProblem({ size: file.size, head });
}

/** The optional CV input (accepts PDF); `onFile` gets the file or null when the choice is cleared. */
export function CvField({
  error,
  onFile,
  inputRef,
}: {
  error: string | undefined;
  onFile: (file: File | null) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const ids = useFieldIds('curriculo', 'Opcional. Arquivo PDF de até 5 MB.', error);
  return (
    <StackedField ids={ids} label="Currículo" hint="Opcional. Arquivo PDF de até 5 MB." error={error}>
      <input
        ref={inputRef}
        type="file"
        name="curriculo"
        accept="application/pdf,.pdf"
        className="field__input jobs__file"
        {...ids.control}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </StackedField>
  );
}
