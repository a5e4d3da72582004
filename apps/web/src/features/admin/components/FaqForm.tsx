import { type FaqField, type FaqInput, validateFaq } from '@portal/domain';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextAreaField, TextField } from '../../../components/ui/fields';
import { SubmitButton } from './SubmitButton';
import { useAdminForm } from './useAdminForm';

const FIELDS: readonly FaqField[] = ['titulo', 'descricao'];

/**
 * The FAQ entry form of PostQuestions and UpdateQuestions (spec 002 §2 "Other admin forms", §5 "FAQ"): title and
 * text, each required; Salvar checks them in that order (the message under the field, focus on it), then `save`;
 * a field error from the server goes under its field, any other failure to the admin error modal. Cancelar and a
 * successful save return to the FAQ list.
 */
export function FaqForm({
  titleId,
  initial,
  save,
}: {
  titleId: string;
  initial: FaqInput;
  /** Stores the entry (and shows its snackbar); rejects with the call's error. */
  save: (input: FaqInput) => Promise<void>;
}) {
  const navigate = useNavigate();
  const { values, errors, busy, formRef, update, showError, submit } = useAdminForm(initial, FIELDS);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const failure = validateFaq(values);
    if (failure) return showError(failure.field, failure.message);
    await submit(async () => {
      await save(values);
      navigate('/admin/duvidas');
    });
  }

  return (
    <form
      ref={formRef}
      className="admin-form admin-form--wide"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      data-testid="faq-form"
    >
      <TextField
        label="Título"
        name="titulo"
        autoComplete="off"
        value={values.titulo}
        error={errors.titulo}
        onChange={(event) => update('titulo', event.target.value)}
      />
      <TextAreaField
        label="Texto"
        name="descricao"
        rows={8}
        value={values.descricao}
        error={errors.descricao}
        onChange={(event) => update('descricao', event.target.value)}
      />
      <div className="admin-form__actions">
        <SubmitButton busy={busy} busyText="Salvando…" className="btn btn--primary" testId="faq-submit">
          Salvar
        </SubmitButton>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => navigate('/admin/duvidas')}
          disabled={busy}
        >
          Cancelar
        </button>
      </div>
    </form>
  );
}
