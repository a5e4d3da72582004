import { CEP_MESSAGES, EMPTY_CEP_ADDRESS, maskCep } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { lookUpCep } from '../api/leads';

/** The address the block holds; `localidade` and `uf` make the lead's city. */
export interface Address {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export const EMPTY_ADDRESS: Address = { cep: '', ...EMPTY_CEP_ADDRESS };

/** A masked CEP is complete at 9 characters (#####-###, spec 002 §5). */
const CEP_LENGTH = 9;

/**
 * The address with CEP (spec 002 §5 "Address form"): a complete CEP is looked up (consultarCEP) and fills street,
 * district, city and state, or clears them with the server's message. The result is announced (aria-live).
 */
export function AddressBlock({
  value,
  onChange,
  errors,
  onCityBlur,
}: {
  value: Address;
  onChange: (next: Address) => void;
  errors: { cep?: string | undefined; localidade?: string | undefined };
  onCityBlur: () => void;
}) {
  const [status, setStatus] = useState<{ text: string; failed: boolean }>({ text: '', failed: false });
  const pending = useRef<AbortController | null>(null);
  // The latest address, for the lookup's answer, which arrives after more typing may have happened.
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => () => pending.current?.abort(), []);

  async function lookUp(cep: string) {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setStatus({ text: 'Buscando o endereço…', failed: false });
    try {
      const answer = await lookUpCep(cep, controller.signal);
      if (controller.signal.aborted) return;
      const { logradouro, bairro, localidade, uf } = answer.retorno ? answer.dados : EMPTY_CEP_ADDRESS;
      onChange({ ...latest.current, logradouro, bairro, localidade, uf });
      setStatus(
        answer.retorno
          ? { text: `Endereço encontrado: ${logradouro}, ${bairro}, ${localidade}/${uf}.`, failed: false }
          : { text: answer.mensagem || CEP_MESSAGES.notFound, failed: true },
      );
    } catch {
      if (controller.signal.aborted) return;
      onChange({ ...latest.current, ...EMPTY_CEP_ADDRESS });
      setStatus({ text: CEP_MESSAGES.unavailable, failed: true });
    }
  }

  function changeCep(text: string) {
    const cep = maskCep(text);
    onChange({ ...value, cep });
    if (cep.length === CEP_LENGTH && cep !== value.cep) void lookUp(cep);
    else if (cep.length < CEP_LENGTH) setStatus({ text: '', failed: false });
  }

  const field = (key: Exclude<keyof Address, 'cep'>) => ({
    value: value[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
  });

  return (
    <fieldset className="leads__fieldset">
      <legend className="leads__legend">Endereço</legend>
      <TextField
        label="CEP"
        name="cep"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        maxLength={CEP_LENGTH}
        value={value.cep}
        error={errors.cep}
        onChange={(event) => changeCep(event.target.value)}
      />
      <p
        className={`leads__cep-status${status.failed ? ' leads__cep-status--failed' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="cep-status"
      >
        {status.text}
      </p>
      <TextField label="Rua" name="logradouro" autoComplete="address-line1" {...field('logradouro')} />
      <TextField label="Bairro" name="bairro" autoComplete="address-level3" {...field('bairro')} />
      <div className="leads__row">
        <TextField
          label="Cidade *"
          name="cidade"
          autoComplete="address-level2"
          required
          error={errors.localidade}
          onBlur={onCityBlur}
          {...field('localidade')}
        />
        <TextField label="UF" name="uf" autoComplete="address-level1" maxLength={2} {...field('uf')} />
      </div>
    </fieldset>
  );
}
