import {
  CANNOT_PAY_REASONS,
  type CannotPayReason,
  cannotPaySchema,
  DEBT_REQUEST_MESSAGES,
  isCannotPayReason,
} from '@portal/domain';
import { useState } from 'react';
import { Form } from '../../../components/form/Form';
import { RadioGroupInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { failureText } from '../../../lib/api';
import { usePartner } from '../../../lib/partner';
import { useCannotPay } from '../api/debts';
import type { Divida } from '../api/types';
import { panelOptions } from '../lib/receive-call';
import { ReceiveCallPanel } from './receive-call/ReceiveCallPanel';

const REASONS = CANNOT_PAY_REASONS.map((reason) => ({ value: reason, label: reason }));

/**
 * Spec 001 §4 cannot-pay flow and §5: one of the eleven reasons of §3 is required, then it is stored and the
 * receive-call panel opens with that reason (a partner with no channel to offer acknowledges it instead).
 */
export function CantPay({ debt, onDone }: { debt: Divida; onDone: () => void }) {
  const config = usePartner();
  const { showModal } = useFeedback();
  const send = useCannotPay(debt.loj_codigo);
  const form = useZodForm(cannotPaySchema, { motivo: '' });
  const [panelReason, setPanelReason] = useState<CannotPayReason | null>(null);
  const options = panelReason ? panelOptions(config, panelReason) : null;

  async function onSubmit({ motivo }: { motivo: string }) {
    try {
      const answer = await send.mutateAsync(motivo);
      if (answer.retorno && isCannotPayReason(motivo) && panelOptions(config, motivo)) {
        setPanelReason(motivo);
      } else if (answer.retorno) {
        await showModal({
          title: 'Sucesso',
          text: answer.mensagem || DEBT_REQUEST_MESSAGES.reasonReceived,
          style: 'success',
        });
        onDone();
      } else {
        await showModal({ title: 'Erro', text: answer.mensagem, style: 'danger' });
      }
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      await showModal({
        title: 'Erro',
        text: failureText(failure, 'Não foi possível enviar o seu motivo.'),
        style: 'danger',
      });
    }
  }

  return (
    <>
      {panelReason && options && (
        <ReceiveCallPanel reason={panelReason} options={options} storeId={debt.loj_codigo} onClose={onDone} />
      )}
      <Form form={form} className="debt-form" onSubmit={onSubmit} data-testid="cant-pay-form">
        <RadioGroupInput
          name="motivo"
          legend="Conte para nós o motivo:"
          options={REASONS}
          classes={{
            group: 'debt-form__group',
            legend: 'debt-form__legend',
            options: 'reasons',
            option: 'reason',
          }}
        />
        <SubmitButton busy={send.isPending} className="btn btn--primary" testId="cant-pay-submit">
          Continuar
        </SubmitButton>
      </Form>
    </>
  );
}
