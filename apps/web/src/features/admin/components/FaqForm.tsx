import { FAQ_MESSAGES, FAQ_SHARED, type FaqInput, faqSchema } from '@portal/domain';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useMe } from '../api/admin';
import { useSaveFaq } from '../api/faq';
import { useAdminSubmit } from './useAdminSubmit';
import { usePartnerOptions } from './usePartnerOptions';

/** The shared default list's option (issue 18 item 8), offered to administrators only: operators write their partners'. */
const SHARED_OPTION = { value: FAQ_SHARED, label: 'Todos os parceiros (lista padrão)' };

/**
 * The FAQ entry form of PostQuestions and UpdateQuestions (spec 002 §2 "Other admin forms", §5 "FAQ"): title and
 * text, each required, and whose list it is in (issue 18 item 8: a partner the caller works for, or the shared list
 * for an administrator) (the domain's schema, which the server applies too); a refused Salvar shows the messages under
 * the fields and focuses the first; a field error from the server goes under its field, any other failure to the
 * admin error modal. Cancelar and a successful save return to the FAQ list.
 */
export function FaqForm({
  titleId,
  initial,
  codigo,
}: {
  titleId: string;
  initial: FaqInput;
  codigo?: number;
}) {
  const navigate = useNavigate();
  const { showSnackbar } = useFeedback();
  const form = useZodForm(faqSchema, initial);
  const save = useSaveFaq(codigo);
  const submit = useAdminSubmit(form, async (input: FaqInput) => {
    await save.mutateAsync(input);
    showSnackbar(codigo === undefined ? FAQ_MESSAGES.created : FAQ_MESSAGES.updated, 'success');
    navigate('/admin/duvidas');
  });
  const busy = form.formState.isSubmitting;
  const partners = usePartnerOptions();
  const administrator = useMe().data?.papel === 'administrator';

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="admin-form admin-form--wide"
      aria-labelledby={titleId}
      data-testid="faq-form"
    >
      <TextInput label="Título" name="titulo" autoComplete="off" />
      <TextAreaInput label="Texto" name="descricao" rows={8} />
      <SelectInput
        label="Parceiro"
        name="parceiro"
        options={administrator ? [SHARED_OPTION, ...partners] : partners}
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
    </Form>
  );
}
