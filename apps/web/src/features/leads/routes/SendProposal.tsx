import {
  CEP_MESSAGES,
  LEAD_PAYMENT_FORMS,
  LEAD_SUCCESS_MESSAGE,
  type LeadErrors,
  type LeadInput,
  type LeadPaymentForm,
  maskCpfCnpj,
  normalizeCep,
  validateLead,
} from '@portal/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { EmailField, TextAreaField, TextField } from '../../../components/ui/fields';
import { MoneyField } from '../../../components/ui/MoneyField';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PhoneField } from '../../../components/ui/PhoneField';
import { failureText } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { useFormErrors } from '../../../lib/form-errors';
import { sendLead } from '../api/leads';
import { type Address, AddressBlock, EMPTY_ADDRESS } from '../components/AddressBlock';
import '../leads.css';

type Values = Omit<LeadInput, 'cidade'>;
type Field = keyof LeadInput | 'cep';

const EMPTY: Values = {
  nome: '',
  cpf_cnpj: '',
  email: '',
  celular: '',
  fone: '',
  loja: '',
  valor: '',
  valor_pode_pagar: '',
  forma_pagamento: '',
  obs: '',
};
const FIELD_ORDER: Field[] = [
  'nome',
  'cpf_cnpj',
  'email',
  'celular',
  'fone',
  'cep',
  'cidade',
  'loja',
  'valor',
  'valor_pode_pagar',
  'forma_pagamento',
  'obs',
];
const PAYMENT_FORMS = Object.entries(LEAD_PAYMENT_FORMS) as [LeadPaymentForm, string][];
const SEND_FAILED = 'Não foi possível enviar a sua proposta agora. Tente novamente em instantes.';

/** The lead's city: the city and, when known, its state ('São Paulo/SP'). */
function cityOf(address: Address): string {
  const city = address.localidade.trim();
  const uf = address.uf.trim().toUpperCase();
  return city && uf ? `${city}/${uf}` : city;
}

/** The domain's messages of every invalid field, and the CEP's when one is typed but incomplete. */
function fieldErrors(current: Values, place: Address): LeadErrors & { cep?: string } {
  const result = validateLead({ ...current, cidade: cityOf(place) });
  const found: LeadErrors & { cep?: string } = result.ok ? {} : { ...result.errors };
  if (place.cep && !normalizeCep(place.cep)) found.cep = CEP_MESSAGES.invalid;
  return found;
}

/**
 * 'Envie sua proposta' at /envie-sua-proposta (spec 002 §3 "Lead", §7 cadastrarLead, §8): every lead field with the
 * domain's rules and messages, the address block with CEP lookup feeding the city, and the spec's success modal.
 * On a failure nothing typed is lost.
 */
export default function SendProposal() {
  const { showModal } = useFeedback();
  const [values, setValues] = useState<Values>(EMPTY);
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const { formRef, errors, show, check, clearIfValid, showServer, reset } = useFormErrors(FIELD_ORDER);

  useEffect(() => markHeroPainted(), []);

  function update<F extends keyof Values>(field: F, value: Values[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    clearIfValid(field, fieldErrors(next, address));
  }

  function changeAddress(next: Address) {
    setAddress(next);
    const found = fieldErrors(values, next);
    clearIfValid('cidade', found);
    clearIfValid('cep', found);
  }

  const validateField = (field: Field) => check(field, fieldErrors(values, address));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure('');
    if (show(fieldErrors(values, address))) return;
    setSending(true);
    try {
      await sendLead({ ...values, cidade: cityOf(address) });
      await showModal({ title: 'Proposta enviada', text: LEAD_SUCCESS_MESSAGE, style: 'success' });
      setValues(EMPTY);
      setAddress(EMPTY_ADDRESS);
      reset();
    } catch (error) {
      // Field messages go under their fields; anything else is said above the button. Nothing typed is lost.
      if (!showServer(error)) setFailure(failureText(error, SEND_FAILED));
    } finally {
      setSending(false);
    }
  }

  const text = (field: 'nome' | 'email' | 'loja') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    onBlur: () => validateField(field),
  });

  return (
    <div className="leads">
      <PageHeader />
      <main id="conteudo" className="container container--narrow leads__main">
        <h1>Envie sua proposta</h1>
        <p className="leads__intro">
          Conte qual dívida você quer negociar e quanto pode pagar. Respondemos por e-mail. Os campos marcados
          com * são obrigatórios.
        </p>
        <form
          ref={formRef}
          className="contact-form"
          onSubmit={onSubmit}
          noValidate
          aria-label="Envie sua proposta"
          data-testid="lead-form"
        >
          <TextField label="Nome *" autoComplete="name" required {...text('nome')} />
          <TextField
            label="CPF ou CNPJ *"
            name="cpf_cnpj"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={18}
            required
            value={values.cpf_cnpj}
            error={errors.cpf_cnpj}
            onChange={(event) => update('cpf_cnpj', maskCpfCnpj(event.target.value))}
            onBlur={() => validateField('cpf_cnpj')}
          />
          <EmailField label="E-mail *" required {...text('email')} />
          <PhoneField
            label="Celular *"
            name="celular"
            required
            value={values.celular}
            error={errors.celular}
            onValueChange={(masked) => update('celular', masked)}
            onBlur={() => validateField('celular')}
          />
          <PhoneField
            label="Telefone fixo"
            name="fone"
            kind="any"
            placeholder="(00) 0000-0000"
            autoComplete="tel"
            value={values.fone}
            error={errors.fone}
            onValueChange={(masked) => update('fone', masked)}
            onBlur={() => validateField('fone')}
          />
          <AddressBlock
            value={address}
            onChange={changeAddress}
            errors={{ cep: errors.cep, localidade: errors.cidade }}
            onCityBlur={() => validateField('cidade')}
          />
          <TextField
            label="Loja *"
            hint="A loja ou empresa com quem você tem a dívida."
            required
            {...text('loja')}
          />
          <MoneyField
            label="Valor da dívida *"
            name="valor"
            required
            value={values.valor}
            error={errors.valor}
            onChange={(masked) => update('valor', masked)}
            onBlur={() => validateField('valor')}
          />
          <MoneyField
            label="Valor que pode pagar *"
            name="valor_pode_pagar"
            required
            value={values.valor_pode_pagar}
            error={errors.valor_pode_pagar}
            onChange={(masked) => update('valor_pode_pagar', masked)}
            onBlur={() => validateField('valor_pode_pagar')}
          />
          <fieldset
            className={`leads__fieldset${errors.forma_pagamento ? ' field--invalid' : ''}`}
            aria-describedby={errors.forma_pagamento ? 'forma-pagamento-error' : undefined}
          >
            <legend className="leads__legend">Forma de pagamento *</legend>
            {PAYMENT_FORMS.map(([code, label]) => (
              <label key={code} className="leads__radio">
                <input
                  type="radio"
                  name="forma_pagamento"
                  value={code}
                  checked={values.forma_pagamento === code}
                  onChange={() => update('forma_pagamento', code)}
                />
                {label}
              </label>
            ))}
            <p id="forma-pagamento-error" className="field__error field__error--slot">
              {errors.forma_pagamento}
            </p>
          </fieldset>
          <TextAreaField
            label="Observação"
            name="obs"
            rows={4}
            value={values.obs}
            error={errors.obs}
            onChange={(event) => update('obs', event.target.value)}
            onBlur={() => validateField('obs')}
          />
          {failure && (
            <p className="field__error" role="alert" data-testid="lead-failure">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={sending}
            aria-busy={sending || undefined}
            data-testid="lead-submit"
          >
            {sending ? 'Enviando…' : 'Enviar proposta'}
          </button>
        </form>
      </main>
    </div>
  );
}
