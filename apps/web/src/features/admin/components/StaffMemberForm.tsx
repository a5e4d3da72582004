import {
  STAFF_ROLE_LABELS,
  STAFF_ROLE_NAMES,
  STAFF_TEAM_MESSAGES,
  type StaffMemberInput,
  staffMemberSchema,
} from '@portal/domain';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { CheckboxGroupInput, RadioGroupInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useSaveStaffMember } from '../api/staff';
import { ADMIN_CHOICES } from './admin-choices';
import { useAdminSubmit } from './useAdminSubmit';
import { usePartnerOptions } from './usePartnerOptions';

const ROLE_OPTIONS = STAFF_ROLE_NAMES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/**
 * The staff member form of /admin/equipe (decision 024): user name (new members only), role, and the partners an
 * operator works for, with the domain's schema the server applies too. A new member's temporary password is shown
 * once, in a modal, before the list.
 */
export function StaffMemberForm({
  titleId,
  initial,
  id,
}: {
  titleId: string;
  initial: StaffMemberInput;
  id?: number;
}) {
  const navigate = useNavigate();
  const { showModal, showSnackbar } = useFeedback();
  const form = useZodForm(staffMemberSchema, initial);
  const partners = usePartnerOptions().map((option) => ({
    value: Number(option.value),
    label: option.label,
  }));
  const save = useSaveStaffMember(id);
  const submit = useAdminSubmit(form, async (input: StaffMemberInput) => {
    const created = await save.mutateAsync(input);
    if (created)
      await showModal({
        title: STAFF_TEAM_MESSAGES.created,
        text: `${STAFF_TEAM_MESSAGES.temporaryPassword} ${created.senha_temporaria}`,
        style: 'success',
      });
    else showSnackbar(STAFF_TEAM_MESSAGES.updated, 'success');
    navigate('/admin/equipe');
  });
  const busy = form.formState.isSubmitting;
  const operator = form.watch('papel') === 'operator';

  return (
    <Form form={form} onSubmit={submit} className="admin-form admin-form--wide" aria-labelledby={titleId}>
      <TextInput label="Usuário" name="usuario" autoComplete="off" readOnly={id !== undefined} />
      <RadioGroupInput name="papel" legend="Papel" options={ROLE_OPTIONS} classes={ADMIN_CHOICES} />
      {operator && (
        <CheckboxGroupInput
          name="parceiros"
          legend="Parceiros do operador"
          options={partners}
          classes={ADMIN_CHOICES}
        />
      )}
      <div className="admin-form__actions">
        <SubmitButton busy={busy} busyText="Salvando…" className="btn btn--primary" testId="staff-submit">
          Salvar
        </SubmitButton>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => navigate('/admin/equipe')}
          disabled={busy}
        >
          Cancelar
        </button>
      </div>
    </Form>
  );
}
