import { cvProblem, JOB_CV_MAX_BYTES } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { StackedField, useFieldIds } from '../../../components/ui/fields';

/** The chosen CV's problem, or null (checked on the phone as the server checks it: PDF by content, at most 5 MB). */
export async function checkCvFile(file: File): Promise<string | null> {
  // Never read a huge file just to refuse it: the size decides first.
  if (file.size > JOB_CV_MAX_BYTES) return cvProblem({ size: file.size, head: new Uint8Array() });
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return cvProblem({ size: file.size, head });
}

const HINT = 'Opcional. Arquivo PDF de até 5 MB.';

/**
 * The optional CV input (accepts PDF) of the enclosing form, as its `curriculo` field (a File or null): checked as
 * soon as it is chosen. A file input cannot be given a value, so a form reset empties it here.
 */
export function CvField() {
  const { control, trigger } = useFormContext<{ curriculo: File | null }>();
  const { field, fieldState } = useController({ control, name: 'curriculo' });
  const ids = useFieldIds('curriculo', HINT, fieldState.error?.message);
  const input = useRef<HTMLInputElement | null>(null);
  const chosen = field.value;

  useEffect(() => {
    if (chosen === null && input.current) input.current.value = '';
  }, [chosen]);

  return (
    <StackedField ids={ids} label="Currículo" hint={HINT} error={fieldState.error?.message}>
      <input
        ref={(element) => {
          input.current = element;
          field.ref(element);
        }}
        type="file"
        name={field.name}
        accept="application/pdf,.pdf"
        className="field__input jobs__file"
        {...ids.control}
        onChange={(event) => {
          field.onChange(event.target.files?.[0] ?? null);
          void trigger('curriculo');
        }}
        onBlur={field.onBlur}
      />
    </StackedField>
  );
}
