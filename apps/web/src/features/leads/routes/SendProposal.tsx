import {
  LEAD_PAYMENT_FORMS,
  LEAD_SUCCESS_MESSAGE,
  type LeadInput,
  leadFormSchema,
  maskCpfCnpj,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { Form } from '../../../components/form/Form';
import {
  EmailInput,
  MoneyInput,
  PhoneInput,
  RadioGroupInput,
  TextAreaInput,
  TextInput,
} from '../../../components/form/fields';
import { showServerErrors, useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { failureText } from '../../../lib/api';
import { markHeroPainted } from '../../../lib/first-paint';
import { useSendLead } from '../api/leads';
import { AddressBlock } from '../components/AddressBlock';
import '../leads.css';
import { KeepWords } from '../../../components/ui/KeepWords';

const EMPTY = {
  nome: '',
  cpf_cnpj: '',
  email: '',
  celular: '',
  fone: '',
  cep: '',
  logradouro: '',
  bairro: '',
  cidade: '',
  uf: '',
  loja: '',
  valor: '',
  valor_pode_pagar: '',
  forma_pagamento: '',
  obs: '',
};
const PAYMENT_FORMS = Object.entries(LEAD_PAYMENT_FORMS).map(([value, label]) => ({ value, label }));
const SEND_FAILED = 'Não foi possível enviar a sua proposta agora. Tente novamente em instantes.';

/**
 * 'Envie sua proposta' at /envie-sua-proposta (spec 002 §3 "Lead", §7 cadastrarLead, §8): every lead field with the
 * domain's rules and messages, the address block with CEP lookup feeding the city, and the spec's success modal.
 * On a failure nothing typed is lost.
 */
export default function SendProposal() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const { showModal } = useFeedback();
  const form = useZodForm(leadFormSchema, EMPTY);
  const send = useSendLead();
  const [failure, setFailure] = useState('');
  const sending = form.formState.isSubmitting;

  useEffect(() => markHeroPainted(), []);

  async function onSubmit(lead: LeadInput) {
    setFailure('');
    try {
      await send.mutateAsync(lead);
      await showModal({ title: 'Proposta enviada', text: LEAD_SUCCESS_MESSAGE, style: 'success' });
      form.reset();
    } catch (error) {
      // Field messages go under their fields; anything else is said above the button. Nothing typed is lost.
      if (!showServerErrors(form, error)) setFailure(failureText(error, SEND_FAILED));
    }
  }

  return (
    <div className="leads">
      <PageHeader />
      <main id="conteudo" className="container container--narrow leads__main">
        <h1 {...focusStart}>Envie sua proposta</h1>
        <p className="leads__intro">
          <KeepWords>
            Conte qual dívida você quer negociar e quanto pode pagar. Respondemos por e-mail. Os campos
            marcados com * são obrigatórios.
          </KeepWords>
        </p>
        <Form
          form={form}
          onSubmit={onSubmit}
          className="contact-form"
          aria-label="Envie sua proposta"
          data-testid="lead-form"
        >
          <TextInput label="Nome *" name="nome" autoComplete="name" required />
          <TextInput
            label="CPF ou CNPJ *"
            name="cpf_cnpj"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            mask={maskCpfCnpj}
          />
          <EmailInput label="E-mail *" name="email" required />
          <PhoneInput label="Celular *" name="celular" required />
          <PhoneInput
            label="Telefone fixo"
            name="fone"
            kind="any"
            placeholder="(00) 0000-0000"
            autoComplete="tel"
          />
          <AddressBlock />
          <TextInput
            label="Loja *"
            name="loja"
            hint="A loja ou empresa com quem você tem a dívida."
            required
          />
          <MoneyInput label="Valor da dívida *" name="valor" required />
          <MoneyInput label="Valor que pode pagar *" name="valor_pode_pagar" required />
          <RadioGroupInput
            name="forma_pagamento"
            legend="Forma de pagamento *"
            options={PAYMENT_FORMS}
            classes={{ group: 'leads__fieldset', legend: 'leads__legend', option: 'leads__radio' }}
          />
          <TextAreaInput label="Observação" name="obs" rows={4} />
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
        </Form>
      </main>
    </div>
  );
}
