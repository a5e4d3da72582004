import {
  formatMoney,
  maskCpfCnpj,
  parseMoney,
  STORE_MESSAGES,
  STORE_PAYMENT_PROVIDER_LABELS,
  STORE_PAYMENT_PROVIDERS,
  type StoreFormInput,
  type StorePreview,
  storeFormSchema,
  UNSET_NEGOTIATION_TERMS,
} from '@portal/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { CheckboxInput, SelectInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useFeedback } from '../../../components/ui/feedback';
import { CheckboxField, TextField } from '../../../components/ui/fields';
import { usePreviewStore, useSaveStore } from '../api/stores';
import { parseFigure, showFigure, type Unit } from '../lib/policy-figures';
import { StaffFormFields, useAdminFailure, useStaffWrites } from './AdminLayout';
import { ReportsTableScroll } from './ReportsTableScroll';
import { useAdminSubmit } from './useAdminSubmit';
import { usePartnerTargetOptions } from './usePartnerOptions';

// The store form of /admin/lojas (issue 18 item 1; decision 027), validated by the domain's storeFormSchema, the
// one the server applies. Rates are typed as percentages and money as reais, and held in the engine's units (basis
// points, centavos). The preview asks the server's engine for the plans of a sample debt, saved or not.

const LIST = '/admin/lojas';
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/svg+xml';
const PROVIDER_OPTIONS = STORE_PAYMENT_PROVIDERS.map((value) => ({
  value,
  label: STORE_PAYMENT_PROVIDER_LABELS[value],
}));
const NO_PIX_API = {
  baseUrl: '',
  clientId: '',
  clientSecretEnv: '',
  clientSecretFile: '',
  certPath: '',
  keyPath: '',
  caPath: '',
};

/** The policy's figures, in the order the form shows them (the engine's units: basis points, centavos). */
const POLICY_INPUTS: { name: string; label: string; unit: Unit; hint?: string }[] = [
  { name: 'politica.lateFineBp', label: 'Multa por atraso', unit: 'percent', hint: 'No máximo 2%.' },
  { name: 'politica.lateInterestMonthlyBp', label: 'Juros de mora ao mês', unit: 'percent' },
  { name: 'politica.cashDiscount.principalBp', label: 'Desconto à vista no principal', unit: 'percent' },
  { name: 'politica.cashDiscount.feesBp', label: 'Desconto à vista nos encargos', unit: 'percent' },
  {
    name: 'politica.instalmentDiscount.principalBp',
    label: 'Desconto parcelado no principal',
    unit: 'percent',
  },
  { name: 'politica.instalmentDiscount.feesBp', label: 'Desconto parcelado nos encargos', unit: 'percent' },
  { name: 'politica.maxInstalments', label: 'Número máximo de parcelas', unit: 'whole' },
  { name: 'politica.instalmentInterestMonthlyBp', label: 'Juros do parcelamento ao mês', unit: 'percent' },
  { name: 'politica.minEntryCents', label: 'Entrada mínima', unit: 'money' },
  { name: 'politica.minInstalmentCents', label: 'Parcela mínima', unit: 'money' },
];
/** A number of the policy typed in people's units and kept in the engine's. */
function FigureInput({
  name,
  label,
  unit,
  hint,
}: {
  name: string;
  label: string;
  unit: Unit;
  hint?: string;
}) {
  const { field, fieldState } = useController({ name });
  const [text, setText] = useState(() => showFigure(field.value, unit));
  // A value set from outside (the policy switched on, the form reset) replaces what is shown.
  useEffect(() => {
    if (!Object.is(parseFigure(text, unit), field.value)) setText(showFigure(field.value, unit));
  }, [field.value, text, unit]);
  return (
    <TextField
      ref={field.ref}
      name={field.name}
      label={unit === 'percent' ? `${label} (%)` : label}
      hint={hint}
      inputMode={unit === 'whole' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={fieldState.error?.message}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseFigure(event.target.value, unit));
      }}
      onBlur={field.onBlur}
    />
  );
}

export function StoreForm({
  titleId,
  initial,
  id,
}: {
  titleId: string;
  initial: StoreFormInput;
  id?: number;
}) {
  const navigate = useNavigate();
  const { showSnackbar } = useFeedback();
  const form = useZodForm(storeFormSchema, initial);
  const save = useSaveStore(id);
  // The body is what was typed (the schema's input), which the server parses with the same schema.
  const submit = useAdminSubmit(form, async () => {
    await save.mutateAsync(form.getValues());
    showSnackbar(id === undefined ? STORE_MESSAGES.created : STORE_MESSAGES.updated, 'success');
    navigate(LIST);
  });
  const busy = form.formState.isSubmitting;
  const writes = useStaffWrites();
  // The CPF/CNPJ and where the money goes are an administrator's (decision 027): an operator saves them as they are.
  const administers = useStaffWrites('administration');
  const provider = form.watch('provedor_pagamento');
  useEffect(() => {
    const access = form.getValues('pix_api');
    if (provider === 'pix-api' && access === null) form.setValue('pix_api', NO_PIX_API);
    if (provider !== 'pix-api' && access !== null) form.setValue('pix_api', null);
  }, [provider, form]);

  return (
    <Form form={form} onSubmit={submit} className="admin-form admin-form--wide" aria-labelledby={titleId}>
      <StaffFormFields writes={writes}>
        <fieldset className="admin-fieldset">
          <legend className="admin-fieldset__legend">Dados da loja</legend>
          <div className="admin-fieldset__grid">
            <TextInput label="Nome fantasia" name="nome_fantasia" autoComplete="off" />
            <TextInput label="Razão social" name="razao_social" autoComplete="off" />
            <TextInput
              label="CPF/CNPJ"
              name="cpf_cnpj"
              inputMode="numeric"
              mask={maskCpfCnpj}
              disabled={!administers}
            />
            <TextInput label="Cidade" name="cidade" autoComplete="off" />
            <TextInput label="UF" name="estado" autoComplete="off" maxLength={2} />
          </div>
          <LogoField />
        </fieldset>
        <PartnerLinks />
        <PolicyFields />
        <fieldset className="admin-fieldset">
          <legend className="admin-fieldset__legend">Acordos e segundas vias</legend>
          <div className="admin-fieldset__grid">
            <FigureInput
              name="tolerancia_quebra_dias"
              label="Tolerância antes da quebra do acordo (dias)"
              unit="whole"
              hint="Dias após o vencimento da entrada sem pagamento até o acordo ser quebrado."
            />
            <TextInput
              label="Convênio do boleto (7 dígitos)"
              name="boleto_convenio"
              inputMode="numeric"
              maxLength={7}
              disabled={!administers}
            />
          </div>
          <CheckboxInput name="loj_emite_segunda_via" label="Emite segunda via de boleto" />
          <CheckboxInput
            name="loj_cartao_de_credito_recorrente"
            label="Aceita cartão de crédito recorrente"
          />
          <CheckboxInput
            name="contratos_iguais"
            label="Negociar cada contrato separadamente (agrupamento contratos_iguais)"
          />
        </fieldset>
        <fieldset className="admin-fieldset" disabled={!administers} data-testid="store-payee">
          <legend className="admin-fieldset__legend">Dados bancários e PIX</legend>
          {!administers && (
            <p className="field__hint">
              Somente um administrador altera o CPF/CNPJ, o convênio, os dados bancários, o PIX e o provedor.
            </p>
          )}
          <div className="admin-fieldset__grid">
            <TextInput label="Código do banco" name="banco_codigo" inputMode="numeric" maxLength={3} />
            <TextInput label="Agência" name="banco_agencia" autoComplete="off" />
            <TextInput label="Conta" name="banco_conta" autoComplete="off" />
            <TextInput label="Carteira" name="banco_carteira" inputMode="numeric" maxLength={3} />
            <TextInput
              label="Beneficiário (nome no boleto e no PIX)"
              name="beneficiario_nome"
              autoComplete="off"
            />
            <TextInput
              label="Chave PIX"
              name="chave_pix"
              autoComplete="off"
              hint="Sem chave, os códigos PIX usam o CPF/CNPJ da loja."
            />
          </div>
        </fieldset>
        <fieldset className="admin-fieldset" disabled={!administers}>
          <legend className="admin-fieldset__legend">Provedor de pagamento</legend>
          <SelectInput label="Provedor" name="provedor_pagamento" options={PROVIDER_OPTIONS} />
          {provider === 'pix-api' && (
            <>
              <p className="field__hint">
                Os segredos nunca são gravados nem mostrados aqui: informe a variável de ambiente
                (PIX_API_...) ou o arquivo .secret onde o servidor os lê, e os caminhos dos certificados.
              </p>
              <div className="admin-fieldset__grid">
                <TextInput label="Endereço da API Pix (https)" name="pix_api.baseUrl" autoComplete="off" />
                <TextInput label="Client id" name="pix_api.clientId" autoComplete="off" />
                <TextInput
                  label="Variável de ambiente do segredo"
                  name="pix_api.clientSecretEnv"
                  autoComplete="off"
                />
                <TextInput label="Arquivo do segredo" name="pix_api.clientSecretFile" autoComplete="off" />
                <TextInput label="Certificado (mTLS)" name="pix_api.certPath" autoComplete="off" />
                <TextInput label="Chave do certificado" name="pix_api.keyPath" autoComplete="off" />
                <TextInput label="Certificado da CA (opcional)" name="pix_api.caPath" autoComplete="off" />
              </div>
            </>
          )}
        </fieldset>
      </StaffFormFields>
      <PlanPreview />
      <div className="admin-form__actions">
        {writes && (
          <SubmitButton busy={busy} busyText="Salvando…" className="btn btn--primary" testId="store-submit">
            Salvar
          </SubmitButton>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => navigate(LIST)} disabled={busy}>
          {writes ? 'Cancelar' : 'Voltar'}
        </button>
      </div>
    </Form>
  );
}

/** The partners serving the store, each negotiating or only issuing boletos (loj_codigo / loj_codigo_nao_negocia). */
function PartnerLinks() {
  const { field, fieldState } = useController<StoreFormInput, 'parceiros'>({ name: 'parceiros' });
  const links = field.value;
  const linked = useFormContext<StoreFormInput>().formState.defaultValues?.parceiros ?? [];
  const options = usePartnerTargetOptions(linked.map((link) => String(link?.parceiro)));
  const errorId = useId();
  const set = (partner: number, link: { negocia: boolean } | null) =>
    field.onChange([
      ...links.filter((l) => l.parceiro !== partner),
      ...(link ? [{ parceiro: partner, negocia: link.negocia }] : []),
    ]);
  return (
    <fieldset
      className="admin-fieldset"
      aria-describedby={fieldState.error ? errorId : undefined}
      data-testid="store-partners"
    >
      <legend className="admin-fieldset__legend">Parceiros que atendem a loja</legend>
      {options.length === 0 && <p className="admin-panel__empty">Nenhum parceiro disponível.</p>}
      <div className="admin-fieldset__grid">
        {options.map((option) => {
          const partner = Number(option.value);
          const link = links.find((l) => l.parceiro === partner);
          return (
            <div key={option.value}>
              <CheckboxField
                label={option.label}
                checked={link !== undefined}
                onChange={(event) => set(partner, event.target.checked ? { negocia: true } : null)}
              />
              {link && (
                <CheckboxField
                  label={`Negocia por ${option.label} (desmarcado: só emite boletos)`}
                  checked={link.negocia}
                  onChange={(event) => set(partner, { negocia: event.target.checked })}
                />
              )}
            </div>
          );
        })}
      </div>
      {fieldState.error && (
        <p id={errorId} className="field__error" role="alert">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}

/** The negotiation policy: none (no discount) until staff set one; the days to the first due date always. */
function PolicyFields() {
  const { watch, setValue } = useFormContext<StoreFormInput>();
  const policy = watch('politica');
  // Switching the policy off and on again within the form gives back what was typed.
  const last = useRef(policy ?? UNSET_NEGOTIATION_TERMS);
  if (policy) last.current = policy;
  return (
    <fieldset className="admin-fieldset" data-testid="store-policy-fields">
      <legend className="admin-fieldset__legend">Política de negociação</legend>
      <FigureInput
        name="prazo_maximo_entrada_site"
        label="Prazo máximo para a primeira parcela (dias)"
        unit="whole"
      />
      <CheckboxField
        label="Definir a política de negociação desta loja"
        hint="Sem política definida, a loja não oferece desconto."
        checked={policy !== null}
        onChange={(event) =>
          setValue('politica', event.target.checked ? last.current : null, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      />
      {policy && (
        <div className="admin-fieldset__grid">
          {POLICY_INPUTS.map((input) => (
            <FigureInput key={input.name} {...input} />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The logo: the stored image's URL, a new upload as a data: URL (checked again by the server), or none. */
function LogoField() {
  const { field, fieldState } = useController<StoreFormInput, 'logo'>({ name: 'logo' });
  const id = useId();
  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => field.onChange(String(reader.result));
    reader.readAsDataURL(file);
  }
  return (
    <div className={`field admin-image${fieldState.error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Logotipo
      </label>
      <div className="admin-image__row">
        <div className="admin-image__preview">
          {field.value ? (
            <img src={field.value} alt="Pré-visualização: logotipo da loja" />
          ) : (
            <span className="admin-image__none">Nenhuma imagem</span>
          )}
        </div>
        <div className="admin-image__controls">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            className="admin-image__input"
            onChange={(event) => void pick(event)}
          />
          {field.value && (
            <button type="button" className="btn btn--ghost" onClick={() => field.onChange('')}>
              Remover<span className="sr-only"> logotipo</span>
            </button>
          )}
        </div>
      </div>
      <p className="field__error field__error--slot">{fieldState.error?.message}</p>
    </div>
  );
}

/** The plans the policy as typed gives for a sample debt, computed by the server's engine. */
function PlanPreview() {
  const { getValues, trigger } = useFormContext<StoreFormInput>();
  const preview = usePreviewStore();
  const onFailure = useAdminFailure();
  const [amount, setAmount] = useState('R$ 1.000,00');
  const [days, setDays] = useState('90');
  const [shown, setShown] = useState<{ answer: StorePreview; title: string } | null>(null);
  const valor = parseMoney(amount);
  const atraso = Number(days);
  const amountError = valor === null || valor < 100 ? 'Informe um valor de ao menos R$ 1,00.' : undefined;
  const daysError = !/^\d{1,4}$/.test(days) || atraso > 3650 ? 'Informe até 3650 dias de atraso.' : undefined;

  async function simulate() {
    if (amountError || daysError || !(await trigger('politica', { shouldFocus: true }))) return;
    try {
      const answer = await preview.mutateAsync({
        politica: getValues('politica'),
        valor: valor!,
        dias_atraso: atraso,
      });
      setShown({
        answer,
        title: `Planos para uma dívida de ${formatMoney(valor!)} com ${atraso} dias de atraso`,
      });
    } catch (error) {
      void onFailure(error);
    }
  }

  return (
    <section className="admin-fieldset" aria-labelledby="store-preview-title" data-testid="store-preview">
      <h2 id="store-preview-title" className="admin-fieldset__legend">
        Simulação dos planos
      </h2>
      <div className="admin-fieldset__grid">
        <TextField
          label="Valor da dívida de exemplo"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={amountError}
        />
        <TextField
          label="Dias de atraso"
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={daysError}
        />
      </div>
      <div>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void simulate()}
          disabled={preview.isPending}
          data-testid="store-preview-run"
        >
          {preview.isPending ? 'Simulando…' : 'Simular planos'}
        </button>
      </div>
      {shown && (
        <div aria-live="polite">
          <p data-testid="store-preview-balance">
            Dívida atualizada: {formatMoney(shown.answer.principal)} de principal e{' '}
            {formatMoney(shown.answer.encargos)} de encargos.
          </p>
          <ReportsTableScroll captionId="store-preview-caption">
            <table className="reports-table" data-testid="store-preview-table">
              <caption id="store-preview-caption">{shown.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Plano</th>
                  <th scope="col">Entrada</th>
                  <th scope="col">Parcelas</th>
                  <th scope="col">Total</th>
                  <th scope="col">Desconto</th>
                </tr>
              </thead>
              <tbody>
                {shown.answer.planos.map((plan) => (
                  <tr key={plan.parcelas}>
                    <th scope="row">{plan.parcelas === 0 ? 'À vista' : `Entrada + ${plan.parcelas}`}</th>
                    <td className="reports-table__number">{formatMoney(plan.entrada)}</td>
                    <td className="reports-table__number">
                      {plan.parcelas === 0 ? '—' : `${plan.parcelas} × ${formatMoney(plan.parcela)}`}
                    </td>
                    <td className="reports-table__number">{formatMoney(plan.total)}</td>
                    <td className="reports-table__number">
                      {formatMoney(plan.desconto)} ({plan.porcentagem_desconto.toLocaleString('pt-BR')}%)
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ReportsTableScroll>
        </div>
      )}
    </section>
  );
}
