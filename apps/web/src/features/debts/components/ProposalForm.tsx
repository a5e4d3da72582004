import { DEBT_REQUEST_MESSAGES, onlyDigits, proposalSchema } from '@portal/domain';
import { Form } from '../../../components/form/Form';
import { MoneyInput, TextInput } from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { failureText } from '../../../lib/api';
import { useSendProposal } from '../api/debts';
import type { Divida } from '../api/types';

/**
 * Spec 001 §2 "Send proposal" (entry, number of instalments, instalment value), §5 validations, §8 success text.
 * Opened from the payment-options panel; `onDone` runs after the success message is closed.
 */
export default function ProposalForm({ debt, onDone }: { debt: Divida; onDone: () => void }) {
  const { showModal } = useFeedback();
  const send = useSendProposal(debt.loj_codigo);
  const form = useZodForm(proposalSchema, { entrada: '', quantidade_parcelas: '', valor_parcela: '' });

  async function onSubmit() {
    try {
      // The amounts go as typed: the server reads them with the same schema.
      const answer = await send.mutateAsync(form.getValues());
      if (answer.retorno) {
        await showModal({
          title: 'Sucesso',
          text: answer.mensagem || DEBT_REQUEST_MESSAGES.proposalReceived,
          style: 'success',
        });
        onDone();
      } else {
        await showModal({ title: 'Erro', text: answer.mensagem, style: 'danger' });
      }
    } catch (error) {
      if (showServerErrors(form, error)) return;
      await showModal({
        title: 'Erro',
        text: failureText(error, 'Não foi possível enviar a sua proposta.'),
        style: 'danger',
      });
    }
  }

  return (
    <Form form={form} className="debt-form" onSubmit={onSubmit} data-testid="proposal-form">
      <fieldset className="debt-form__group">
        <legend className="debt-form__legend">Envie a sua proposta</legend>
        <MoneyInput label="Entrada" name="entrada" />
        <TextInput
          label="Quantidade de parcelas"
          name="quantidade_parcelas"
          mask={onlyDigits}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
        <MoneyInput label="Valor da parcela" name="valor_parcela" />
      </fieldset>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={send.isPending}
        data-testid="proposal-submit"
      >
        Enviar proposta
      </button>
    </Form>
  );
}
