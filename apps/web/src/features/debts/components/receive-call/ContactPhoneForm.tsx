import { type CallRequestKind, callRequestSchema, onlyDigits } from '@portal/domain';
import { Form } from '../../../../components/form/Form';
import { PhoneInput } from '../../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../../components/form/use-zod-form';
import { useFeedback } from '../../../../components/ui/feedback';
import { failureText } from '../../../../lib/api';
import { useRequestContact } from '../../api/contact';
import { useDebtsQuery } from '../../api/debts';

const SCHEMAS = { call: callRequestSchema('call'), whatsapp: callRequestSchema('whatsapp') };

const TEXTS = {
  call: {
    label: 'Telefone para a ligação',
    submit: 'Agendar ligação',
    // Spec 001 §8 "Call request".
    failure: 'Erro ao agendar uma nova chamada',
  },
  whatsapp: {
    label: 'Seu WhatsApp',
    submit: 'Enviar',
    failure: 'Não foi possível enviar o seu número.',
  },
} as const;

/** The store a request from the panel opened by Sair is about: the first one where the person has debts. */
function useFirstStore(enabled: boolean): { store: number | undefined; loading: boolean } {
  const debts = useDebtsQuery(enabled);
  return { store: debts.data?.dividas[0]?.loj_codigo, loading: enabled && debts.isPending };
}

export interface ContactPhoneFormProps {
  kind: CallRequestKind;
  /** The store the request is about; absent (leaving the portal) the first store with debts. */
  storeId: number | undefined;
  /** After the request was accepted (and its message closed). */
  onDone: () => void;
}

/**
 * Call scheduling and digital contact (spec 001 §2, §5, §7, §8): a phone, masked as typed, then the request; the
 * server takes the person and the partner from the session. 'Nova chamada agendada.' or 'Erro ao agendar uma nova
 * chamada' with the server's message.
 */
export function ContactPhoneForm({ kind, storeId, onDone }: ContactPhoneFormProps) {
  const { showModal } = useFeedback();
  const send = useRequestContact(kind);
  const first = useFirstStore(storeId === undefined);
  const form = useZodForm(SCHEMAS[kind], { telefone: '' });
  const texts = TEXTS[kind];
  const store = storeId ?? first.store;

  async function onSubmit({ telefone }: { telefone: string }) {
    let failure: string;
    try {
      const answer = await send.mutateAsync({ loj_codigo: store ?? 0, telefone: onlyDigits(telefone) });
      // Spec 001 §8: a message with 'Erro' in it is a failure even with retorno true.
      if (answer.retorno && !answer.mensagem.includes('Erro')) {
        await showModal({ title: 'Sucesso', text: answer.mensagem, style: 'success' });
        onDone();
        return;
      }
      failure = answer.mensagem;
    } catch (error) {
      if (showServerErrors(form, error)) return;
      failure = failureText(error, '');
    }
    const text = failure && failure !== texts.failure ? `${texts.failure}. ${failure}` : texts.failure;
    await showModal({ title: 'Erro', text, style: 'danger' });
  }

  return (
    <Form form={form} className="debt-form" onSubmit={onSubmit} data-testid={`contact-form-${kind}`}>
      <PhoneInput label={texts.label} name="telefone" kind={kind === 'call' ? 'any' : 'mobile'} />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={send.isPending || first.loading}
        aria-busy={send.isPending}
      >
        {send.isPending ? 'Enviando…' : texts.submit}
      </button>
    </Form>
  );
}
