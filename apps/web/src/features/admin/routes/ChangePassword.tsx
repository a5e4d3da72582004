import { PASSWORD_CHANGE_MESSAGES, type PasswordChangeField, passwordChangeSchema } from '@portal/domain';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useChangePassword } from '../api/admin';
import { AdminLayout, AdminTitle, useStaffUser } from '../components/AdminLayout';
import { useAdminSubmit } from '../components/useAdminSubmit';

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
  const { trocar_senha: temporary } = useStaffUser();
  const form = useZodForm(passwordChangeSchema, {
    old_password: '',
    password: '',
    password_confirmation: '',
  });
  const change = useChangePassword();
  const submit = useAdminSubmit(form, async (input) => {
    await change.mutateAsync(input);
    showSnackbar(PASSWORD_CHANGE_MESSAGES.success, 'success');
    navigate('/admin/parceiros');
  });
  const busy = form.formState.isSubmitting;

  return (
    <section className="admin-panel" aria-labelledby="change-password-title">
      <AdminTitle id="change-password-title">Alterar senha</AdminTitle>
      {/* Every other section sends a temporary password here: say why before anything else. */}
      {temporary && (
        <p className="admin-panel__note" role="status" data-testid="temporary-password-note">
          A sua senha é provisória. Crie uma senha nova para usar o painel: a senha atual é a que você
          recebeu.
        </p>
      )}
      <Form form={form} onSubmit={submit} className="admin-form" data-testid="change-password-form">
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            name={field.name}
            type="password"
            autoComplete={field.autoComplete}
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
      </Form>
    </section>
  );
}
