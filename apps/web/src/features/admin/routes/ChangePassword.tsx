import { PASSWORD_CHANGE_MESSAGES, type PasswordChangeField, validatePasswordChange } from '@portal/domain';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { TextField } from '../../../components/ui/fields';
import { changePassword } from '../api/admin';
import { AdminLayout } from '../components/AdminLayout';
import { SubmitButton } from '../components/SubmitButton';
import { useAdminForm } from '../components/useAdminForm';

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'Senha atual', autoComplete: 'current-password' },
  { name: 'password', label: 'Nova senha', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirmar nova senha', autoComplete: 'new-password' },
];

/** ResetPassword, 'Alterar senha' (spec 002 §2 "Other admin forms", §5 "Password change", §8). */
export default function ChangePassword() {
  return (
    <AdminLayout>
      <ChangePasswordForm />
    </AdminLayout>
  );
}

function ChangePasswordForm() {
  const navigate = useNavigate();
  const { showSnackbar } = useFeedback();
  const { values, errors, busy, formRef, update, showError, submit } = useAdminForm(
    { old_password: '', password: '', password_confirmation: '' },
    FIELDS.map((field) => field.name),
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const failure = validatePasswordChange(values);
    if (failure) return showError(failure.field, failure.message);
    await submit(async () => {
      await changePassword(values);
      showSnackbar(PASSWORD_CHANGE_MESSAGES.success, 'success');
      navigate('/admin/parceiros');
    });
  }

  return (
    <section className="admin-panel" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="admin-panel__title">
        Alterar senha
      </h1>
      <form
        ref={formRef}
        className="admin-form"
        onSubmit={onSubmit}
        noValidate
        data-testid="change-password-form"
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type="password"
            autoComplete={field.autoComplete}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => update(field.name, event.target.value)}
          />
        ))}
        <div className="admin-form__actions">
          <SubmitButton
            busy={busy}
            busyText="Salvando…"
            className="btn btn--primary"
            testId="change-password-submit"
          >
            Salvar
          </SubmitButton>
          {/* Spec 002 §2: Cancel goes to ListPartners, the back office's start. */}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => navigate('/admin/parceiros')}
            disabled={busy}
          >
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
