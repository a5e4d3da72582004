import { onlyDigits, secondCopySendSchema } from '@portal/domain';
import { useState } from 'react';
import { Form } from '../../../../components/form/Form';
import { PhoneInput } from '../../../../components/form/fields';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { Dialog } from '../../../../components/ui/Dialog';
import { useFeedback } from '../../../../components/ui/feedback';
import { failureText } from '../../../../lib/api';
import { useSingleFlight } from '../../../../lib/use-single-flight';
import { useSendBoletosSms, useSendPortalEmail } from '../../api/agreements';
import type { SendChannel } from '../../api/second-copy';
import { AGREEMENT_TEXTS } from '../../lib/agreements';
import { ChoiceGroup } from '../payment-options/ChoiceGroup';
import '../../payment-options.css';
import { KeepWords } from '../../../../components/ui/KeepWords';

const CHANNELS = [
  { value: 'email' as const, label: 'E-mail' },
  { value: 'sms' as const, label: 'SMS' },
];

export interface SendBoletosDialogProps {
  /** The ticked instalments, in the agreement's order. */
  aciCodigos: readonly number[];
  /** The e-mail on file, masked, or null. */
  email: string | null;
  /** The sender chosen in the receive-call panel; the person can still switch. */
  channel: SendChannel;
  onClose: () => void;
}

/**
 * Spec 001 §2 boleto-sending modal: the ticked boletos by e-mail to the address on file (the server sends only
 * there) or by SMS to a mobile the person types. A success closes it and says so; a failure is told on top of it,
 * so the person can correct the phone and send again.
 */
export function SendBoletosDialog({ aciCodigos, email, channel: chosen, onClose }: SendBoletosDialogProps) {
  const { showModal } = useFeedback();
  const [channel, setChannel] = useState<SendChannel>(chosen);
  const byEmail = useSendPortalEmail();
  const bySms = useSendBoletosSms();
  const aciCodigo = aciCodigos.join(',');
  // The SMS phone follows the second copy's rule (spec 001 §5: 11 digits, 'Digite um celular válido').
  const form = useZodForm(secondCopySendSchema, { tipoEnvio: 'sms' as SendChannel, enderecoEnvio: '' });
  const busy = byEmail.isPending || bySms.isPending;

  async function finish(outcome: { ok: boolean; text: string }) {
    if (outcome.ok) {
      onClose();
      await showModal({ title: 'Sucesso', text: outcome.text, style: 'success' });
    } else await showModal({ title: 'Erro', text: outcome.text, style: 'danger' });
  }

  // A double click sends one e-mail (isPending disables the button only once it has been drawn again); the SMS goes
  // through the Form, which drops a second submit the same way.
  const sendEmail = useSingleFlight(async () => {
    try {
      const answer = await byEmail.mutateAsync({ aci_codigo: aciCodigo });
      await finish(
        answer.retorno
          ? { ok: true, text: AGREEMENT_TEXTS.emailSent }
          : { ok: false, text: answer.mensagem || AGREEMENT_TEXTS.emailFailed },
      );
    } catch (error) {
      await finish({ ok: false, text: failureText(error, AGREEMENT_TEXTS.emailFailed) });
    }
  });

  async function sendSms({ enderecoEnvio }: { enderecoEnvio: string }) {
    try {
      const answer = await bySms.mutateAsync({ aci_codigo: aciCodigo, fone: onlyDigits(enderecoEnvio) });
      await finish(
        answer.retorno
          ? { ok: true, text: AGREEMENT_TEXTS.smsSent }
          : { ok: false, text: answer.mensagem || AGREEMENT_TEXTS.smsFailed },
      );
    } catch (error) {
      await finish({ ok: false, text: failureText(error, AGREEMENT_TEXTS.smsException) });
    }
  }

  const count =
    aciCodigos.length === 1 ? '1 boleto selecionado' : `${aciCodigos.length} boletos selecionados`;
  return (
    <Dialog title="Enviar boletos" description={count} onClose={onClose} testId="send-boletos-dialog">
      <ChoiceGroup
        legend="Enviar por"
        choices={CHANNELS}
        value={channel}
        onChange={setChannel}
        testId="send-boletos-channel"
      />
      {channel === 'email' ? (
        email ? (
          <div className="send-boletos">
            <p>
              <KeepWords>Enviaremos para o e-mail do seu cadastro:</KeepWords>{' '}
              <strong data-testid="send-boletos-email">{email}</strong>
            </p>
            <button
              type="button"
              className="btn btn--primary"
              onClick={sendEmail}
              disabled={busy}
              data-testid="send-boletos-email-submit"
            >
              <KeepWords>{byEmail.isPending ? 'Enviando…' : 'Enviar por e-mail'}</KeepWords>
            </button>
          </div>
        ) : (
          <p className="notice notice--warning" data-testid="send-boletos-no-email">
            {AGREEMENT_TEXTS.noEmail}
          </p>
        )
      ) : (
        <Form form={form} className="debt-form send-boletos" onSubmit={sendSms}>
          <PhoneInput label="Celular" name="enderecoEnvio" />
          <button
            type="submit"
            className="btn btn--primary"
            disabled={busy}
            data-testid="send-boletos-sms-submit"
          >
            {bySms.isPending ? 'Enviando…' : 'Enviar por SMS'}
          </button>
        </Form>
      )}
    </Dialog>
  );
}
