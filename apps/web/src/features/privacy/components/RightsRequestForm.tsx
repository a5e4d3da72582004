import {
  formatBrDate,
  PRIVACY_REQUEST_FAILURE,
  PRIVACY_REQUEST_FIELDS,
  PRIVACY_REQUEST_LIMITS,
  PRIVACY_REQUEST_SUCCESS,
  PRIVACY_REQUEST_TYPES,
  type PrivacyRequestErrors,
  type PrivacyRequestInput,
  validatePrivacyRequest,
} from '@portal/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EmailField, TextAreaField, TextField } from '../../../components/ui/fields';
import { PhoneField } from '../../../components/ui/PhoneField';
import { SelectField } from '../../../components/ui/SelectField';
import { ApiError } from '../../../lib/api';
import { sendRightsRequest } from '../api/send-rights-request';

type Field = keyof PrivacyRequestInput;

const EMPTY: PrivacyRequestInput = { nome: '', telefone: '', email: '', tipoRequisicao: '', solicitacao: '' };
const TYPE_OPTIONS = PRIVACY_REQUEST_TYPES.map((type) => ({ value: type, label: type }));

/** What the person reads after sending: the protocol, the deadline and where the copy went. */
interface Receipt {
  protocol: string;
  dueDate: string;
  email: string;
}

const errorsOf = (values: PrivacyRequestInput): PrivacyRequestErrors => {
  const result = validatePrivacyRequest(values);
  return result.ok ? {} : result.errors;
};

/**
 * The rights request form (spec 000 §3, §5, §8): every field required ('*'), checked with the domain's rules on
 * send (and a filled field on blur); the first invalid field takes the focus. A failure keeps everything typed; a
 * success shows the spec's message with the protocol number and clears the form.
 */
export function RightsRequestForm() {
  const [values, setValues] = useState<PrivacyRequestInput>(EMPTY);
  const [errors, setErrors] = useState<PrivacyRequestErrors>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const receiptRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (receipt) receiptRef.current?.focus();
  }, [receipt]);

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // A shown message goes away as soon as the value becomes valid.
    if (errors[field] && !errorsOf(next)[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** On leaving a field: its format (a field left empty is only flagged on send). */
  function validateField(field: Field) {
    if (values[field].trim() === '') return;
    setErrors((current) => ({ ...current, [field]: errorsOf(values)[field] }));
  }

  function focusFirstError(found: PrivacyRequestErrors) {
    const first = PRIVACY_REQUEST_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = errorsOf(values);
    setErrors(found);
    setFailed(false);
    if (Object.values(found).some(Boolean)) {
      focusFirstError(found);
      return;
    }
    setSending(true);
    try {
      const answer = await sendRightsRequest(values);
      if (!answer.retorno) throw new Error(answer.mensagem);
      setReceipt({
        protocol: answer.dados.protocolo,
        dueDate: formatBrDate(answer.dados.prazo),
        email: values.email.trim(),
      });
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      const server = error instanceof ApiError ? error.fieldErrors : {};
      const known: PrivacyRequestErrors = {};
      for (const field of PRIVACY_REQUEST_FIELDS) if (server[field]) known[field] = server[field];
      if (Object.keys(known).length > 0) {
        setErrors(known);
        focusFirstError(known);
      } else {
        setFailed(true);
      }
    } finally {
      setSending(false);
    }
  }

  const count = Array.from(values.solicitacao).length;
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
      <form
        ref={formRef}
        className="privacy-form"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="privacy-form-title"
        data-testid="privacy-form"
      >
        <h2 id="privacy-form-title">Solicitação de direitos</h2>
        <p className="privacy-form__hint">Os campos marcados com * são obrigatórios.</p>
        <TextField
          label="Nome *"
          name="nome"
          autoComplete="name"
          aria-required="true"
          maxLength={PRIVACY_REQUEST_LIMITS.nameMax}
          value={values.nome}
          error={errors.nome}
          onChange={(event) => update('nome', event.target.value)}
          onBlur={() => validateField('nome')}
        />
        <PhoneField
          label="Telefone *"
          name="telefone"
          aria-required="true"
          value={values.telefone}
          error={errors.telefone}
          onValueChange={(masked) => update('telefone', masked)}
          onBlur={() => validateField('telefone')}
        />
        <EmailField
          label="E-mail *"
          name="email"
          aria-required="true"
          value={values.email}
          error={errors.email}
          onChange={(event) => update('email', event.target.value)}
          onBlur={() => validateField('email')}
        />
        <SelectField
          label="Tipo de solicitação *"
          name="tipoRequisicao"
          aria-required="true"
          options={TYPE_OPTIONS}
          value={values.tipoRequisicao}
          error={errors.tipoRequisicao}
          onChange={(event) => update('tipoRequisicao', event.target.value)}
        />
        <TextAreaField
          label="Solicitação *"
          name="solicitacao"
          rows={6}
          aria-required="true"
          value={values.solicitacao}
          error={errors.solicitacao}
          hint={
            <span className={count > PRIVACY_REQUEST_LIMITS.messageMax ? 'counter counter--over' : 'counter'}>
              {count}/{PRIVACY_REQUEST_LIMITS.messageMax}
              <span className="sr-only"> caracteres</span>
            </span>
          }
          onChange={(event) => update('solicitacao', event.target.value)}
          onBlur={() => validateField('solicitacao')}
        />
        {failed && (
          <p className="privacy-form__failure" role="alert">
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
      </form>
    </>
  );
}
