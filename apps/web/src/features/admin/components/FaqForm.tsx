import { FAQ_MESSAGES, FAQ_SHARED, type FaqInput, faqSchema } from '@portal/domain';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useSaveFaq } from '../api/faq';
import { StaffFormFields, useStaffWrites } from './AdminLayout';
import { useAdminSubmit } from './useAdminSubmit';
import { usePartnerTargetOptions } from './usePartnerOptions';

/** The shared default list's option (issue 18 item 8), offered to administrators only: operators write their partners'. */
const SHARED_OPTION = { value: FAQ_SHARED, label: 'Todos os parceiros (lista padrão)' };

/**
 * The FAQ entry form of PostQuestions and UpdateQuestions (spec 002 §2 "Other admin forms", §5 "FAQ"): title and
 * text, each required, and whose list it is in (issue 18 item 8: a partner the caller works for, or the shared list
 * for an administrator) (the domain's schema, which the server applies too); a refused Salvar shows the messages under
 * the fields and focuses the first; a field error from the server goes under its field, any other failure to the
 * admin error modal. Cancelar and a successful save return to the FAQ list. A role that may not write the entry's
 * list, or anyone when the entry's partner is `archived` (the server refuses its changes: decision 014), reads it
 * with the fields disabled and no Salvar.
 */
export function FaqForm({
  titleId,
  initial,
  codigo,
  archived = false,
}: {
  titleId: string;
  initial: FaqInput;
  codigo?: number;
  archived?: boolean;
}) {
  const navigate = useNavigate();
  const { showSnackbar } = useFeedback();
  const form = useZodForm(faqSchema, initial);
  const save = useSaveFaq(codigo);
  const creating = codigo === undefined;
  const submit = useAdminSubmit(
    form,
    async (input: FaqInput) => {
      await save.mutateAsync(input);
      showSnackbar(creating ? FAQ_MESSAGES.created : FAQ_MESSAGES.updated, 'success');
      navigate('/admin/duvidas');
    },
    { failText: creating ? FAQ_MESSAGES.createFailed : FAQ_MESSAGES.updateFailed },
  );
  const busy = form.formState.isSubmitting;
  const partners = usePartnerTargetOptions([initial.parceiro]);
  const inShared = initial.parceiro === FAQ_SHARED;
  const shared = useStaffWrites('administration');
  // The shared list's entries are written by fewer roles than a partner's (the server's checkFaqWriter).
  const writes = useStaffWrites(inShared ? 'administration' : 'write') && !archived;

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="admin-form admin-form--wide"
      aria-labelledby={titleId}
      data-testid="faq-form"
    >
      <StaffFormFields writes={writes} because={archived ? FAQ_MESSAGES.entryPartnerArchived : undefined}>
        <TextInput label="Título" name="titulo" autoComplete="off" />
        <TextAreaInput label="Texto" name="descricao" rows={8} />
        <SelectInput
          label="Parceiro"
          name="parceiro"
          options={shared || inShared ? [SHARED_OPTION, ...partners] : partners}
        />
      </StaffFormFields>
      <div className="admin-form__actions">
        {writes && (
          <SubmitButton busy={busy} busyText="Salvando…" className="btn btn--primary" testId="faq-submit">
            Salvar
          </SubmitButton>
        )}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => navigate('/admin/duvidas')}
          disabled={busy}
        >
          {writes ? 'Cancelar' : 'Voltar'}
        </button>
      </div>
    </Form>
  );
}
