import {
  formatBrDate,
  isPrivacyRequestType,
  PRIVACY_REQUEST_FAILURE,
  PRIVACY_REQUEST_LIMITS,
  PRIVACY_REQUEST_SNACKBAR,
  PRIVACY_REQUEST_SUCCESS,
  PRIVACY_REQUEST_TYPES,
  type PrivacyRequestInput,
  privacyRequestSchema,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Form } from '../../../components/form/Form';
import {
  EmailInput,
  PhoneInput,
  SelectInput,
  TextAreaInput,
  TextInput,
} from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useSendRightsRequest } from '../api/send-rights-request';
import { REQUEST_TYPE_PARAM } from '../rights-request-link';

const EMPTY: PrivacyRequestInput = { nome: '', telefone: '', email: '', tipoRequisicao: '', solicitacao: '' };
const TYPE_OPTIONS = PRIVACY_REQUEST_TYPES.map((type) => ({ value: type, label: type }));

/** What the person reads after sending: the protocol, the deadline and where the copy went. */
interface Receipt {
  protocol: string;
  dueDate: string;
  email: string;
}

/**
 * The rights request form (spec 000 §3, §5, §8): every field required ('*'), checked with the domain's rules (the
 * server's); the first invalid field takes the focus. A failure keeps everything typed and takes the focus; a success
 * shows the spec's snackbar, its message with the protocol number, and clears the form.
 */
export function RightsRequestForm() {
  const [params] = useSearchParams();
  // A link may choose the type (Meus dados: correction, consent withdrawal); anything else leaves it to the person.
  const linkedType = params.get(REQUEST_TYPE_PARAM) ?? '';
  const form = useZodForm(privacyRequestSchema, {
    ...EMPTY,
    tipoRequisicao: isPrivacyRequestType(linkedType) ? linkedType : '',
  });
  const { showSnackbar } = useFeedback();
  const send = useSendRightsRequest();
  const [failed, setFailed] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const receiptRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const sending = form.formState.isSubmitting;

  useEffect(() => {
    if (receipt) receiptRef.current?.focus();
  }, [receipt]);
  // Enviar was disabled while sending, which took the focus from it: the failure takes it, and Tab goes on to Enviar.
  useEffect(() => {
    if (failed) failureRef.current?.focus();
  }, [failed]);

  async function onSubmit() {
    // The server takes the fields as typed (the phone masked too).
    const values = form.getValues();
    setFailed(false);
    // The receipt is the last request's: a new one sending (and perhaps failing) is not it.
    setReceipt(null);
    try {
      const answer = await send.mutateAsync(values);
      if (!answer.retorno) throw new Error(answer.mensagem);
      setReceipt({
        protocol: answer.dados.protocolo,
        dueDate: formatBrDate(answer.dados.prazo),
        email: values.email.trim(),
      });
      showSnackbar(PRIVACY_REQUEST_SNACKBAR, 'success');
      form.reset();
    } catch (error) {
      if (!showServerErrors(form, error)) setFailed(true);
    }
  }

  const count = Array.from(form.watch('solicitacao')).length;
  return (
    <>
      {receipt && (
        <div
          ref={receiptRef}
          className="privacy-receipt"
          role="status"
          tabIndex={-1}
          data-testid="privacy-receipt"
        >
          <p className="privacy-receipt__message">{PRIVACY_REQUEST_SUCCESS}</p>
          <p className="privacy-receipt__protocol">
            Número de protocolo: <strong data-testid="privacy-protocol">{receipt.protocol}</strong>
          </p>
          <p>
            Enviamos uma cópia com este número para {receipt.email}. Responderemos até {receipt.dueDate}.
          </p>
        </div>
      )}
      <Form
        form={form}
        onSubmit={onSubmit}
        className="privacy-form"
        aria-labelledby="privacy-form-title"
        data-testid="privacy-form"
      >
        <h2 id="privacy-form-title">Solicitação de direitos</h2>
        <p className="privacy-form__hint">Os campos marcados com * são obrigatórios.</p>
        <TextInput
          label="Nome *"
          name="nome"
          autoComplete="name"
          aria-required="true"
          maxLength={PRIVACY_REQUEST_LIMITS.nameMax}
        />
        <PhoneInput label="Telefone *" name="telefone" aria-required="true" />
        <EmailInput label="E-mail *" name="email" aria-required="true" />
        <SelectInput
          label="Tipo de solicitação *"
          name="tipoRequisicao"
          aria-required="true"
          options={TYPE_OPTIONS}
        />
        <TextAreaInput
          label="Solicitação *"
          name="solicitacao"
          rows={6}
          aria-required="true"
          hint={
            <span className={count > PRIVACY_REQUEST_LIMITS.messageMax ? 'counter counter--over' : 'counter'}>
              {count}/{PRIVACY_REQUEST_LIMITS.messageMax}
              <span className="sr-only"> caracteres</span>
            </span>
          }
        />
        {failed && (
          <p ref={failureRef} className="privacy-form__failure" role="alert" tabIndex={-1}>
            {PRIVACY_REQUEST_FAILURE}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={sending}
          aria-busy={sending || undefined}
          data-testid="privacy-submit"
        >
          {sending ? 'Enviando…' : 'Enviar'}
        </button>
      </Form>
    </>
  );
}
